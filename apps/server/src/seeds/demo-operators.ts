import type { OperatorRole } from '@app/contract/admin/roles';
import type { Db } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { findOperatorByUsername, insertOperator } from '../modules/operators/repository';
import { sealSecret, type TotpKeys } from '../modules/operators/service';
import { demoTotpSecret } from '../modules/operators/totp';

/** One operator of each role, so that a new user can sign in to the console at once (demo mode only). */
export const DEMO_OPERATOR_PASSWORD = 'demo123456';

export const DEMO_OPERATORS: readonly { username: string; displayName: string; role: OperatorRole }[] = [
  { username: 'admin', displayName: '演示超级管理员', role: 'superadmin' },
  { username: 'caiwu', displayName: '演示财务', role: 'finance' },
  { username: 'kefu', displayName: '演示客服', role: 'support' },
  { username: 'yunying', displayName: '演示运营', role: 'operations' },
  { username: 'shenji', displayName: '演示审计', role: 'auditor' },
];

/** The demo operators with their fixed TOTP secrets, as `npm start` prints them. */
export const demoOperatorCredentials = () =>
  DEMO_OPERATORS.map((o) => ({
    ...o,
    password: DEMO_OPERATOR_PASSWORD,
    totpSecret: demoTotpSecret(o.username),
  }));

/**
 * Seeds the demo operators once. They keep the printed password (no change asked) and enrol their
 * printed TOTP secret at the first sign-in, scanning the QR code or typing the secret.
 */
export async function seedDemoOperators(db: Db, keys: TotpKeys): Promise<void> {
  for (const o of demoOperatorCredentials()) {
    if (await findOperatorByUsername(db, o.username)) continue;
    await insertOperator(db, {
      username: o.username,
      displayName: o.displayName,
      role: o.role,
      passwordHash: await hashPassword(o.password),
      mustChangePassword: false,
      totpSecret: sealSecret(keys, o.totpSecret),
    });
  }
}
