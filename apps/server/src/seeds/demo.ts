import type { Db } from '../db/client';
import { receivingAccounts } from '../db/schema/payments';
import { HouseAccount, Ledger } from '../ledger/ledger';
import { systemClock } from '../lib/clock';
import { hashPassword } from '../modules/auth/passwords';
import type { TotpKeys } from '../modules/operators/service';
import { findUserByUsername, insertPlayer } from '../modules/players/service';
import { seedContent } from './content';
import { seedDemoOperators } from './demo-operators';

export const DEMO_PLAYER = {
  username: 'demo888',
  password: 'demo888',
  payPassword: 'demo888',
  realname: '演示玩家',
  /** 10000.00, granted once through the ledger with no turnover requirement. */
  grantCents: 1_000_000n,
} as const;

/**
 * The platform's receiving accounts of a demo installation: made-up numbers and addresses, well
 * formed so that the deposit pages and their QR codes look as they will with an operator's own.
 */
const DEMO_RECEIVING_ACCOUNTS: (typeof receivingAccounts.$inferInsert)[] = [
  {
    kind: 'bank',
    bankName: '中国工商银行',
    owner: '星云网络科技有限公司',
    number: '6222021001123456789',
    note: '深圳南山支行 · 单笔100-10000',
    sort: 1,
  },
  {
    kind: 'bank',
    bankName: '招商银行',
    owner: '星云网络科技有限公司',
    number: '6214830100234567',
    note: '上海浦东支行 · 单笔100-10000',
    sort: 2,
  },
  { kind: 'usdt', bankName: 'USDT', owner: 'TRC20', number: 'TXyNc8mWq5vR3hJkLp2sD9fGzBa7EuYt4K', sort: 3 },
  {
    kind: 'usdt',
    bankName: 'USDT',
    owner: 'ERC20',
    number: '0x7a3f5c9e1b2d4068a9c1e5f3b7d2a4c6e8f0b1d3',
    sort: 4,
  },
];

/** The demo player and its starting balance, and the demo operators. Idempotent: the grant's key makes it happen once. */
export async function seedDemo(db: Db, totpKeys: TotpKeys): Promise<void> {
  await db.insert(receivingAccounts).values(DEMO_RECEIVING_ACCOUNTS).onConflictDoNothing();
  await seedContent(db);
  await seedDemoOperators(db, totpKeys);
  const existing = await findUserByUsername(db, DEMO_PLAYER.username);
  const [passwordHash, payPasswordHash] = existing
    ? ['', '']
    : await Promise.all([hashPassword(DEMO_PLAYER.password), hashPassword(DEMO_PLAYER.payPassword)]);
  const ledger = new Ledger(db, systemClock);
  await db.transaction(async (tx) => {
    const userId =
      existing?.id ??
      (
        await insertPlayer(tx, {
          username: DEMO_PLAYER.username,
          realname: DEMO_PLAYER.realname,
          passwordHash,
          payPasswordHash,
        })
      )?.id;
    if (!userId) throw new Error('demo player could not be created');
    await ledger.credit(
      {
        key: `seed:demo-grant:${DEMO_PLAYER.username}`,
        from: HouseAccount.promotionsExpense,
        to: { central: userId },
        amount: DEMO_PLAYER.grantCents,
        kind: 'demo_grant',
        ref: { type: 'user', id: String(userId) },
        memo: '演示账户初始余额',
      },
      tx,
    );
  });
}
