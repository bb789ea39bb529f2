import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MSG,
  ACCOUNT_SERVER_MSG,
  AVATAR_MAX_BYTES,
  PASSWORD_MIN,
  profileError,
} from '@app/contract/account-rules';
import { PAY_PASSWORD_LENGTH } from '@app/contract/constants';
import { SERVER_MSG } from '@app/contract/messages';
import { centsToAmount } from '@app/contract/money';
import { beijingDay, startOfBeijingDay } from '@app/contract/time';
import type { UserInfo } from '@app/contract/user';
import type { AppContext } from '../../context';
import { AppError, badInput, refused, tooMany, unauthorized } from '../../lib/errors';
import {
  type Authenticated,
  checkPayPassword,
  confirmSession,
  hashPassword,
  loginAttempts,
  logoffEverywhere,
  verifyPassword,
  withAttemptSlot,
} from '../auth/service';
import { notifySecurity } from '../protection/service';
import { requireSecondFactor } from '../security/service';
import { readSetting, withdrawFeeSetting } from '../settings/service';
import { venueTotal } from '../wallet/service';
import { inspectImage } from './image';
import * as repo from './profile-repository';

/** Stores a PNG or GIF avatar, recognised by its bytes, and points the player's profile at it. */
export async function uploadAvatar(ctx: AppContext, userId: number, bytes: Buffer | null) {
  if (!bytes || bytes.length === 0) throw badInput(ACCOUNT_SERVER_MSG.uploadMissing);
  if (bytes.length > AVATAR_MAX_BYTES) throw badInput(ACCOUNT_SERVER_MSG.uploadSize);
  const image = inspectImage(bytes);
  if (!image.ok)
    throw badInput(
      image.reason === 'type' ? ACCOUNT_SERVER_MSG.uploadType : ACCOUNT_SERVER_MSG.uploadDimensions,
    );
  const id = randomBytes(16).toString('hex');
  const path = `/uploads/avatars/${id}.${image.mime === 'image/png' ? 'png' : 'gif'}`;
  await ctx.db.transaction((tx) =>
    repo.replaceAvatar(tx, { id, userId, mime: image.mime, data: bytes, createdAt: ctx.clock.now() }, path),
  );
  return { avatar: path };
}

export function avatarFile(ctx: AppContext, id: string) {
  return repo.findAvatar(ctx.db, id);
}

/** Mobile, email and birthday (spec 5, Profile update); username and real name never change. */
export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: { mobile: string; email: string; birthday: string },
) {
  const message = profileError(input, beijingDay(ctx.clock.now()));
  if (message) throw badInput(message);
  await repo.updateContact(ctx.db, userId, input);
  return ACCOUNT_MSG.saved;
}

/**
 * The login password: the old one is checked like a login (five wrong answers lock the account for
 * 15 minutes); once changed, every session of the player ends.
 */
export async function changeLoginPassword(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  old: string,
  next: string,
  totpCode?: string,
) {
  const hash = await repo.loginPasswordHashOf(ctx.db, userId);
  if (hash === undefined) throw new AppError(401, SERVER_MSG.sessionExpired);
  const outcome = await withAttemptSlot(ctx, loginAttempts, userId, SERVER_MSG.accountLocked, () =>
    verifyPassword(hash, old),
  );
  if (!outcome.ok) {
    throw outcome.left > 0
      ? refused(ACCOUNT_SERVER_MSG.oldWrong(outcome.left))
      : tooMany(SERVER_MSG.accountLocked);
  }
  await requireSecondFactor(ctx, userId, totpCode);
  const nextHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await repo.setLoginPassword(tx, userId, nextHash, ctx.clock.now());
    await confirmSession(ctx, tx, sessionId);
  });
  await notifySecurity(ctx, userId, '登录密码已修改', '您的登录密码已修改，所有设备已退出登录。');
  await logoffEverywhere(ctx, { userId, sessionId });
  return ACCOUNT_MSG.changed;
}

/** The pay password: the old one is checked by the pay-password attempt limit. */
export async function changePayPassword(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  old: string,
  next: string,
  totpCode?: string,
) {
  if (next.length < PASSWORD_MIN || next.length > PAY_PASSWORD_LENGTH.max)
    throw badInput(ACCOUNT_SERVER_MSG.payPasswordTooLong);
  await checkPayPassword(ctx, userId, old);
  await requireSecondFactor(ctx, userId, totpCode);
  const hash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await repo.setPayPassword(tx, userId, hash, ctx.clock.now());
    await confirmSession(ctx, tx, sessionId);
  });
  await notifySecurity(ctx, userId, '支付密码已修改', '您的支付密码已修改。');
  return ACCOUNT_MSG.changed;
}

const DAY_MS = 86_400_000;
const flag = (n: number) => (n === 1 ? 1 : 0);

/** Beijing calendar days since registration, the day of joining being day 1. */
function joinDays(createdAt: Date, now: Date): number {
  return Math.round((startOfBeijingDay(now).getTime() - startOfBeijingDay(createdAt).getTime()) / DAY_MS) + 1;
}

export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const [profile, central, venues, fees] = await Promise.all([
    repo.findProfile(ctx.db, userId),
    ctx.ledger.balance({ central: userId }),
    venueTotal(ctx, userId),
    readSetting(ctx.db, withdrawFeeSetting),
  ]);
  if (!profile) throw unauthorized('账号不存在');
  return {
    username: profile.username,
    realname: profile.realname,
    avatar: profile.avatar,
    balance: centsToAmount(central),
    gameblance: centsToAmount(venues),
    vip: profile.vip,
    current_vip: `VIP${profile.vip}`,
    paysum: centsToAmount(profile.depositTotal),
    joinday: joinDays(profile.createdAt, ctx.clock.now()),
    isagent: flag(profile.isAgent),
    mobile: profile.mobile,
    email: profile.email,
    birthday: profile.birthday,
    transferstatus: flag(profile.transferStatus),
    withdrawcashfee: fees.erc20,
    withdrawfeeusdttrc: fees.trc20,
  };
}

export async function balance(ctx: AppContext, userId: number): Promise<{ balance: number }> {
  return { balance: centsToAmount(await ctx.ledger.balance({ central: userId })) };
}
