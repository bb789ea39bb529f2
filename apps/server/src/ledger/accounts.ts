import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { perDatabase } from '../db/per-database';
import { accounts } from '../db/schema/ledger';
import { run, statement } from '../db/statements';

/** House accounts: the platform's side of every movement. */
export const HouseAccount = {
  /** Where demo grants and promotional credits come from. */
  promotionsExpense: 'promotions_expense',
  depositsClearing: 'deposits_clearing',
  /** Holds withdrawals in review (reservations of kind withdrawal). */
  withdrawalsPending: 'withdrawals_pending',
  withdrawalsPaid: 'withdrawals_paid',
  /** Fees kept from USDT withdrawals. */
  withdrawalFees: 'withdrawal_fees',
  rebateExpense: 'rebate_expense',
  redPacketExpense: 'red_packet_expense',
  /** Agents' commissions (agent_commission movements, issue 29). */
  commissionExpense: 'commission_expense',
  /** Players' net results at the venues: credited by their losses, debited by their wins. */
  gameResults: 'game_results',
  /** Holds money on its way to or from a venue until the venue's answer settles or voids it. */
  venueTransit: 'venue_transit',
} as const;
export type HouseAccountName = (typeof HouseAccount)[keyof typeof HouseAccount];

/**
 * An account as callers name it: a house account by its name, a player's central wallet, or the
 * float the platform holds at a venue. The ledger finds the account, opening it on first use.
 */
export type AccountName = HouseAccountName | { readonly central: number } | { readonly venueFloat: string };

/** An account as the ledger's statements use it: player accounts keep a running balance, house accounts do not. */
export interface AccountRef {
  id: number;
  owner: 'player' | 'house';
}

/** The stable code of an account (`user:12:central`, `house:venue_transit`, `house:venue_float:pp`). */
export function accountCode(name: AccountName): string {
  if (typeof name === 'string') return `house:${name}`;
  if ('central' in name) return `user:${name.central}:central`;
  return `house:venue_float:${name.venueFloat}`;
}

function accountRow(name: AccountName): typeof accounts.$inferInsert {
  const code = accountCode(name);
  if (typeof name === 'string') return { code, owner: 'house', kind: name };
  if ('central' in name) return { code, owner: 'player', userId: name.central, kind: 'central' };
  return { code, owner: 'house', kind: 'venue_float', venue: name.venueFloat };
}

/**
 * Finds accounts by their stable code, creating them on first use. An account never changes once
 * committed, so ids found in the database are remembered; one created by the caller's transaction is
 * not, since that transaction may still roll back.
 */
export class AccountDirectory {
  private readonly known = new Map<string, AccountRef>();

  async resolve(q: Queryable, name: AccountName): Promise<AccountRef> {
    const values = accountRow(name);
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
}

const playerBalanceQuery = perDatabase((db) =>
  db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.code, sql.placeholder('code')))
    .prepare('player_balance'),
);

/** A player account's running balance in cents, 0 when it was never opened (a hot path: prepared). */
export async function playerBalance(db: Db, code: string): Promise<bigint> {
  const [row] = await playerBalanceQuery(db).execute({ code });
  return row?.balance ?? 0n;
}

const PLAYER_BALANCES = statement(
  'player_balances',
  'SELECT code, balance::text AS balance FROM accounts WHERE code = ANY($1::varchar[])',
);

/**
 * Several player accounts' running balances in one statement, in the order of `codes` (0 for an
 * account never opened): the balance polls that arrive together share it (Ledger.balance).
 */
export async function playerBalances(db: Db, codes: string[]): Promise<bigint[]> {
  const rows = await run(db, PLAYER_BALANCES, [codes]);
  const byCode = new Map(rows.map((row) => [String(row.code), BigInt(String(row.balance))]));
  return codes.map((code) => byCode.get(code) ?? 0n);
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
