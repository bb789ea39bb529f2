import type { Db } from '../db/client';
import { AccountDirectory, HouseAccount } from '../ledger/accounts';
import { postTransfer } from '../ledger/post-transfer';
import { hashPassword } from '../modules/auth/passwords';
import { findUserByUsername, insertUser } from '../modules/auth/repository';

export const DEMO_PLAYER = {
  username: 'demo888',
  password: 'demo888',
  payPassword: 'demo888',
  realname: '演示玩家',
  /** 10000.00, granted once through the ledger with no turnover requirement. */
  grantCents: 1_000_000n,
} as const;

/** The demo player and its starting balance. Idempotent: the grant's key makes it happen once. */
export async function seedDemo(db: Db): Promise<void> {
  const existing = await findUserByUsername(db, DEMO_PLAYER.username);
  const [passwordHash, payPasswordHash] = existing
    ? ['', '']
    : await Promise.all([hashPassword(DEMO_PLAYER.password), hashPassword(DEMO_PLAYER.payPassword)]);
  const accounts = new AccountDirectory();
  await db.transaction(async (tx) => {
    const userId =
      existing?.id ??
      (
        await insertUser(tx, {
          username: DEMO_PLAYER.username,
          realname: DEMO_PLAYER.realname,
          passwordHash,
          payPasswordHash,
        })
      )?.id;
    if (!userId) throw new Error('demo player could not be created');
    await postTransfer(tx, {
      debit: await accounts.house(tx, HouseAccount.promotionsExpense),
      credit: await accounts.central(tx, userId),
      amount: DEMO_PLAYER.grantCents,
      kind: 'demo_grant',
      idempotencyKey: `seed:demo-grant:${DEMO_PLAYER.username}`,
      refType: 'user',
      refId: String(userId),
      memo: '演示账户初始余额',
    });
  });
}
