import { createHash, randomBytes } from 'node:crypto';
import type { TwoFactorEnrolment, TwoFactorState } from '@app/contract/protection';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, refused, tooMany, unauthorized } from '../../lib/errors';
import { type Authenticated, confirmSession, totpAttempts, withAttemptSlot } from '../auth/service';
import {
  acceptedStep,
  newTotpSecret,
  openSecret,
  otpauthUri,
  resealSecrets,
  sealSecret,
  type TotpKeys,
} from '../operators/service';
import {
  acceptTotpStep,
  clearTotp,
  enableTotp,
  storedTotpSecrets,
  storePendingTotpSecret,
  twoFactorOf,
} from '../players/service';
import { notifySecurity } from '../protection/service';
import { readSetting, siteSetting } from '../settings/service';
import * as repo from './repository';

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 characters of 32: 80 bits, so a hash of each is enough to keep. */
const RECOVERY_LENGTH = 16;

const normalised = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashCode = (code: string) =>
  createHash('sha256')
    .update(`recovery:${normalised(code)}`)
    .digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from(
    randomBytes(RECOVERY_LENGTH),
    (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length],
  );
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
}

/** Whether the player has turned two-factor on. */
export async function secondFactorOn(ctx: AppContext, userId: number): Promise<boolean> {
  return Boolean((await twoFactorOf(ctx.db, userId))?.enabledAt);
}

export async function twoFactorState(ctx: AppContext, userId: number): Promise<TwoFactorState> {
  const enabled = await secondFactorOn(ctx, userId);
  return { enabled, recovery_left: enabled ? await repo.countUnusedRecoveryCodes(ctx.db, userId) : 0 };
}

/** Whether `code` is the authenticator's current code (accepted once) or an unused recovery code (used up). */
async function codeIsRight(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const row = await twoFactorOf(ctx.db, userId);
  if (!row?.secret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = await acceptedStep(
      openSecret(ctx.config.totpKeys, row.secret),
      code,
      ctx.clock.now(),
      row.lastStep,
    );
    return step !== null && (await acceptTotpStep(ctx.db, userId, step));
  }
  return repo.spendRecoveryCode(ctx.db, userId, hashCode(code), ctx.clock.now());
}

/**
 * Checks a code against the player's authenticator or recovery codes. Five wrong codes in a row
 * lock code checks for 30 minutes, counted atomically however many arrive at once.
 */
async function checkCode(ctx: AppContext, userId: number, code: string | undefined): Promise<void> {
  if (!code) throw refused(TWO_FACTOR_MSG.required);
  const outcome = await withAttemptSlot(ctx, totpAttempts, userId, TWO_FACTOR_MSG.locked, () =>
    codeIsRight(ctx, userId, code),
  );
  if (outcome.ok) return;
  if (outcome.left === 0) throw tooMany(TWO_FACTOR_MSG.locked);
  throw refused(TWO_FACTOR_MSG.wrong(outcome.left));
}

/**
 * The second factor of a login, a withdrawal, a card binding or a password change: nothing when
 * the player has not turned two-factor on, otherwise a right code (refused without one).
 */
export async function requireSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string | undefined,
): Promise<void> {
  if (await secondFactorOn(ctx, userId)) await checkCode(ctx, userId, code);
}

/** Starts enrolment: a new secret, its otpauth address and that address's QR code, drawn here. */
export async function startEnrolment(ctx: AppContext, userId: number): Promise<TwoFactorEnrolment> {
  const user = await twoFactorOf(ctx.db, userId);
  if (!user) throw unauthorized('账号不存在');
  const secret = newTotpSecret();
  if (!(await storePendingTotpSecret(ctx.db, userId, sealSecret(ctx.config.totpKeys, secret))))
    throw conflict(TWO_FACTOR_MSG.alreadyOn);
  const { title } = await readSetting(ctx.db, siteSetting);
  const uri = otpauthUri(user.username, secret, title);
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(uri, { type: 'svg', margin: 2, width: 200 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The first code proves the authenticator holds the secret: two-factor is on; the recovery codes are answered this once. */
export async function confirmEnrolment(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const row = await twoFactorOf(ctx.db, userId);
  if (row?.enabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
  const secret = row?.secret;
  if (!secret) throw refused(TWO_FACTOR_MSG.noEnrolment);
  if (!/^\d{6}$/.test(code)) throw refused(TWO_FACTOR_MSG.required);
  await checkCode(ctx, userId, code);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await ctx.db.transaction(async (tx) => {
    const done = await enableTotp(tx, userId, secret, ctx.clock.now());
    if (done) await repo.replaceRecoveryCodes(tx, userId, codes.map(hashCode));
    await confirmSession(ctx, tx, sessionId);
    return done;
  });
  // A new enrolment (another secret) or a concurrent confirmation came first.
  if (!enabled) throw conflict(TWO_FACTOR_MSG.enrolmentChanged);
  await notifySecurity(
    ctx,
    userId,
    '谷歌验证器已绑定',
    '您已开启谷歌验证器两步验证，登录、取款、绑定收款账户与修改密码时需输入验证码。',
  );
  return { recovery_codes: codes };
}

/** Turning two-factor off asks for a code. */
export async function disableTwoFactor(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  code: string,
): Promise<string> {
  const row = await twoFactorOf(ctx.db, userId);
  if (!row?.enabledAt) throw conflict(TWO_FACTOR_MSG.notOn);
  await checkCode(ctx, userId, code);
  await ctx.db.transaction(async (tx) => {
    await clearTotp(tx, userId);
    await repo.deleteRecoveryCodes(tx, userId);
    await confirmSession(ctx, tx, sessionId);
  });
  await notifySecurity(ctx, userId, '谷歌验证器已解绑', '您已关闭谷歌验证器两步验证。');
  return TWO_FACTOR_MSG.disabled;
}

/** The start-up step for players' secrets. */
export const sealStoredPlayerSecrets = (db: Db, keys: TotpKeys) => resealSecrets(db, keys, storedTotpSecrets);
