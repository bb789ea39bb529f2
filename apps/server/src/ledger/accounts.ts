import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { accounts } from '../db/schema/ledger';

/** House accounts: the platform's side of every movement. */
export const HouseAccount = {
  /** Where demo grants and promotional credits come from. */
  promotionsExpense: 'promotions_expense',
  depositsClearing: 'deposits_clearing',
  withdrawalsPending: 'withdrawals_pending',
  withdrawalsPaid: 'withdrawals_paid',
  rebateExpense: 'rebate_expense',
  redPacketExpense: 'red_packet_expense',
  /** Money on its way to a venue, until the venue confirms or refuses it. */
  venueTransit: 'venue_transit',
} as const;
export type HouseAccountName = (typeof HouseAccount)[keyof typeof HouseAccount];

export const centralCode = (userId: number) => `user:${userId}:central`;
const houseCode = (name: string) => `house:${name}`;

async function getOrCreate(tx: Tx, values: typeof accounts.$inferInsert): Promise<number> {
  await tx.insert(accounts).values(values).onConflictDoNothing({ target: accounts.code });
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.code, values.code));
  if (!row) throw new Error(`account ${values.code} could not be created`);
  return row.id;
}

export const houseAccountId = (tx: Tx, name: HouseAccountName) =>
  getOrCreate(tx, { code: houseCode(name), owner: 'house', kind: name });

/** Money the platform holds at a venue on its players' behalf (house side of every venue transfer). */
export const venueFloatAccountId = (tx: Tx, venue: string) =>
  getOrCreate(tx, { code: `house:venue_float:${venue}`, owner: 'house', kind: 'venue_float', venue });

/** The player's central wallet, created with the player. */
export const centralAccountId = (tx: Tx, userId: number) =>
  getOrCreate(tx, { code: centralCode(userId), owner: 'player', userId, kind: 'central' });

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
