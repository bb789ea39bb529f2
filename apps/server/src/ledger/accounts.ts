import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { accounts } from '../db/schema/ledger';

/** House accounts: the platform's side of every movement. */
export const HouseAccount = {
  /** Where demo grants and promotional credits come from. */
  promotionsExpense: 'promotions_expense',
  depositsClearing: 'deposits_clearing',
  withdrawalsPending: 'withdrawals_pending',
  withdrawalsPaid: 'withdrawals_paid',
  /** Fees kept from USDT withdrawals. */
  withdrawalFees: 'withdrawal_fees',
  rebateExpense: 'rebate_expense',
  redPacketExpense: 'red_packet_expense',
  /** Players' net results at the venues: credited by their losses, debited by their wins. */
  gameResults: 'game_results',
  /** Money on its way to a venue, until the venue confirms or refuses it. */
  venueTransit: 'venue_transit',
} as const;
export type HouseAccountName = (typeof HouseAccount)[keyof typeof HouseAccount];

/** An account as a transfer names it: player accounts keep a running balance, house accounts do not. */
export interface AccountRef {
  id: number;
  owner: 'player' | 'house';
}

const centralCode = (userId: number) => `user:${userId}:central`;
const houseCode = (name: string) => `house:${name}`;
const venueFloatCode = (venue: string) => `house:venue_float:${venue}`;

/**
 * Finds accounts by their stable code, creating them on first use. An account never changes once
 * committed, so ids found in the database are remembered; one created by the caller's transaction is
 * not, since that transaction may still roll back.
 */
export class AccountDirectory {
  private readonly known = new Map<string, AccountRef>();

  private async resolve(q: Queryable, values: typeof accounts.$inferInsert): Promise<AccountRef> {
    const cached = this.known.get(values.code);
    if (cached) return cached;
    const [created] = await q
      .insert(accounts)
      .values(values)
      .onConflictDoNothing({ target: accounts.code })
      .returning({ id: accounts.id, owner: accounts.owner });
    if (created) return created;
    const [existing] = await q
      .select({ id: accounts.id, owner: accounts.owner })
      .from(accounts)
      .where(eq(accounts.code, values.code));
    if (!existing) throw new Error(`account ${values.code} could not be found or created`);
    this.known.set(values.code, existing);
    return existing;
  }

  /** The player's central wallet. */
  central(q: Queryable, userId: number): Promise<AccountRef> {
    return this.resolve(q, { code: centralCode(userId), owner: 'player', userId, kind: 'central' });
  }

  house(q: Queryable, name: HouseAccountName): Promise<AccountRef> {
    return this.resolve(q, { code: houseCode(name), owner: 'house', kind: name });
  }

  /** Money the platform holds at a venue on its players' behalf. */
  venueFloat(q: Queryable, venue: string): Promise<AccountRef> {
    return this.resolve(q, { code: venueFloatCode(venue), owner: 'house', kind: 'venue_float', venue });
  }
}

const centralBalanceQuery = preparedPerDb((db) =>
  db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.code, sql.placeholder('code')))
    .prepare('central_balance'),
);

/** The central wallet balance in cents, 0 when the player has none yet (a hot path: prepared). */
export async function centralBalance(db: Db, userId: number): Promise<bigint> {
  const [row] = await centralBalanceQuery(db).execute({ code: centralCode(userId) });
  return row?.balance ?? 0n;
}

/** A house account's balance: its credits minus its debits. */
export async function houseBalance(q: Queryable, code: string): Promise<bigint> {
  const result = await q.execute(sql`
    SELECT (coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.credit_account_id = a.id), 0)
          - coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.debit_account_id = a.id), 0))::text AS balance
    FROM accounts a WHERE a.code = ${code}`);
  const row = (result as unknown as { rows: { balance: string }[] }).rows[0];
  return BigInt(row?.balance ?? 0);
}
