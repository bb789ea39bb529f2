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
import { AVATAR_WIDTHS, type PictureFormat } from '@app/contract/pictures';
import { beijingDay, startOfBeijingDay } from '@app/contract/time';
import type { UserInfo } from '@app/contract/user';
import type { AppContext } from '../../context';
import { AppError, badInput, refused, tooMany, unauthorized } from '../../lib/errors';
import { convertPicture, copyOnFirstAsk, type PictureShape } from '../../lib/picture-variants';
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

/** The avatar's copies: squares of the sizes the app shows it at (AVATAR_WIDTHS). */
const AVATAR_SHAPE: PictureShape = { widths: AVATAR_WIDTHS, square: true };

/**
 * Stores a PNG or GIF avatar, recognised by its bytes, and points the player's profile at it. A PNG
 * is converted here, once, to its copies for the app (AVIF and WebP squares) before the database is
 * asked anything; a GIF is kept as it is, since it may move.
 */
export async function uploadAvatar(ctx: AppContext, userId: number, bytes: Buffer | null) {
  if (!bytes || bytes.length === 0) throw badInput(ACCOUNT_SERVER_MSG.uploadMissing);
  if (bytes.length > AVATAR_MAX_BYTES) throw badInput(ACCOUNT_SERVER_MSG.uploadSize);
  const image = inspectImage(bytes);
  if (!image.ok)
    throw badInput(
      image.reason === 'type' ? ACCOUNT_SERVER_MSG.uploadType : ACCOUNT_SERVER_MSG.uploadDimensions,
    );
  const variants =
    image.mime === 'image/png'
      ? await convertPicture(bytes, image, AVATAR_SHAPE).catch(() => {
          throw badInput(ACCOUNT_SERVER_MSG.uploadUnreadable);
        })
      : [];
  const id = randomBytes(16).toString('hex');
  const path = `/uploads/avatars/${id}.${image.mime === 'image/png' ? 'png' : 'gif'}`;
  await ctx.db.transaction((tx) =>
    repo.replaceAvatar(
      tx,
      { id, userId, mime: image.mime, data: bytes, createdAt: ctx.clock.now() },
      variants,
      path,
    ),
  );
  return { avatar: path };
}

export function avatarFile(ctx: AppContext, id: string) {
  return repo.findAvatar(ctx.db, id);
}

/**
 * A PNG avatar's square copy of `width` in `format`. One stored before copies were made gets them on
 * the first ask (kept: once, however many nodes ask at once); undefined when no such avatar is
 * stored (or it was replaced meanwhile) or it is a GIF.
 */
export function avatarVariant(ctx: AppContext, id: string, format: PictureFormat, width: number) {
  return copyOnFirstAsk({
    find: () => repo.findAvatarVariant(ctx.db, id, format, width),
    original: async () => {
      const original = await repo.findAvatar(ctx.db, id);
      const image = original && inspectImage(original.data);
      return original && image?.ok && image.mime === 'image/png'
        ? { bytes: original.data, ...image, shape: AVATAR_SHAPE }
        : undefined;
    },
    // The avatar may be replaced (and its row gone) between the read and this write.
    store: (variants) => repo.insertAvatarVariants(ctx.db, id, variants),
  });
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
