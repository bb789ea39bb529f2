import { randomInt, randomUUID } from 'node:crypto';
import type { LoginBody, RegisterBody } from '@app/contract/auth';
import { captchaMatches } from '@app/contract/auth-rules';
import { CAPTCHA_LENGTH, RANDOM_USERNAME_LENGTH } from '@app/contract/constants';
import { MSG, SERVER_MSG } from '@app/contract/messages';
import { PlayerStatus } from '@app/contract/status';
import { TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import type { AppContext } from '../../context';
import { AppError, badInput, conflict, refused } from '../../lib/errors';
import { randomPassword, randomText } from '../../lib/random-password';
import { attributeRegistration } from '../agents/service';
import {
  type ClientMeta,
  decoyHash,
  hashPassword,
  loginAttempts,
  openSession,
  verifyPassword,
  withAttemptSlot,
} from '../auth/service';
import { findUserByUsername, insertPlayer, playerExists, recordLogin } from '../players/service';
import { recordLoginAttempt, requireSecondFactor, secondFactorOn } from '../security/service';
import { captchaImage, randomCode } from './captcha-image';
import * as repo from './repository';

/**
 * The player's ways in: a captcha, registration (by the form or through a referral link) and the
 * password login with its second factor. Sessions themselves are the auth module's.
 */

const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export async function issueCaptcha(ctx: AppContext): Promise<{ captcha_key: string; img: string }> {
  const now = ctx.clock.now();
  const code = ctx.config.captchaTestCode ?? randomCode(CAPTCHA_LENGTH);
  const key = randomUUID();
  await repo.insertCaptcha(ctx.db, key, code, new Date(now.getTime() + CAPTCHA_TTL_MS));
  if (Math.random() < 0.05) await repo.deleteExpiredCaptchas(ctx.db, now);
  return { captcha_key: key, img: captchaImage(code) };
}

/**
 * Consumes the captcha named by `key`; throws 验证码错误！ unless `answer` matches and it is fresh.
 * Answers what it held.
 */
async function checkCaptcha(ctx: AppContext, key: string, answer: string) {
  const stored = key ? await repo.takeCaptcha(ctx.db, key) : undefined;
  if (!stored || stored.expiresAt <= ctx.clock.now() || !captchaMatches(answer, stored.answer)) {
    throw badInput(MSG.captchaWrong);
  }
  return stored;
}

export async function register(ctx: AppContext, body: RegisterBody, meta: ClientMeta): Promise<string> {
  await checkCaptcha(ctx, body.captcha_key, body.code);
  const referrerId = Number(body.pid);
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(body.password),
    hashPassword(body.paypassword),
  ]);
  const hasReferrer =
    Number.isSafeInteger(referrerId) && referrerId > 0 && (await playerExists(ctx.db, referrerId));
  return ctx.db.transaction(async (tx) => {
    const user = await insertPlayer(tx, {
      username: body.name,
      realname: body.realname.trim(),
      passwordHash,
      payPasswordHash,
      referrerId: hasReferrer ? referrerId : null,
      lastLoginAt: ctx.clock.now(),
      lastLoginIp: meta.ip.slice(0, 64),
    });
    if (!user) throw conflict(SERVER_MSG.usernameTaken);
    await ctx.ledger.open({ central: user.id }, tx);
    await attributeRegistration(tx, user.id, { pid: body.pid, referrer: body.referrer }, ctx.clock.now());
    return openSession(tx, ctx, user.id, meta);
  });
}

export async function login(ctx: AppContext, body: LoginBody, meta: ClientMeta): Promise<string> {
  const captcha = await checkCaptcha(ctx, body.captcha_key, body.code);
  const user = await findUserByUsername(ctx.db, body.name);
  if (!user) {
    await verifyPassword(await decoyHash(), body.password);
    throw refused(SERVER_MSG.wrongCredentials);
  }
  if (user.status !== PlayerStatus.active) {
    await recordLoginAttempt(ctx, user.id, meta, 'disabled');
    throw new AppError(403, SERVER_MSG.accountDisabled);
  }
  const outcome = await withAttemptSlot(ctx, loginAttempts, user.id, SERVER_MSG.accountLocked, () =>
    verifyPassword(user.passwordHash, body.password),
  ).catch(async (error: unknown) => {
    await recordLoginAttempt(ctx, user.id, meta, 'locked');
    throw error;
  });
  if (!outcome.ok) {
    await recordLoginAttempt(ctx, user.id, meta, 'wrong_password');
    throw refused(SERVER_MSG.wrongCredentials);
  }
  if (!body.totp_code && (await secondFactorOn(ctx, user.id))) {
    // Not a failure: the code's step. The captcha answered stands again, under a new key, until it
    // would have expired, so the player types the code and nothing else.
    const key = randomUUID();
    await repo.insertCaptcha(ctx.db, key, captcha.answer, captcha.expiresAt);
    throw refused(TWO_FACTOR_MSG.required, { data: { totp_required: true, captcha_key: key } });
  }
  await requireSecondFactor(ctx, user.id, body.totp_code).catch(async (error: unknown) => {
    if (body.totp_code) await recordLoginAttempt(ctx, user.id, meta, 'wrong_code');
    throw error;
  });
  await recordLogin(ctx.db, user.id, meta.ip.slice(0, 64));
  await recordLoginAttempt(ctx, user.id, meta, 'ok');
  return openSession(ctx.db, ctx, user.id, meta);
}

const NAME_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * Registration through a referral link (spec 4): the server picks a random username of 6-10
 * letters and digits and random initial login and pay passwords, stores only their hashes and
 * answers them this once. (The spec gives every such player one fixed default password, which
 * would let anyone into every account made this way.)
 */
export async function registerFromLink(
  ctx: AppContext,
  pid: string | number | undefined,
  meta: ClientMeta,
  referrer?: string,
): Promise<{ token: string; username: string; password: string; payPassword: string }> {
  const password = randomPassword(10);
  const payPassword = randomPassword(8);
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(password),
    hashPassword(payPassword),
  ]);
  const referrerId = Number(pid);
  const hasReferrer =
    Number.isSafeInteger(referrerId) && referrerId > 0 && (await playerExists(ctx.db, referrerId));
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = randomText(
      NAME_ALPHABET,
      randomInt(RANDOM_USERNAME_LENGTH.min, RANDOM_USERNAME_LENGTH.max + 1),
    );
    const token = await ctx.db.transaction(async (tx) => {
      const user = await insertPlayer(tx, {
        username,
        realname: '',
        passwordHash,
        payPasswordHash,
        referrerId: hasReferrer ? referrerId : null,
        lastLoginAt: ctx.clock.now(),
        lastLoginIp: meta.ip.slice(0, 64),
      });
      if (!user) return null;
      await ctx.ledger.open({ central: user.id }, tx);
      await attributeRegistration(tx, user.id, { pid, referrer }, ctx.clock.now());
      return openSession(tx, ctx, user.id, meta);
    });
    if (token) return { token, username, password, payPassword };
  }
  throw conflict(SERVER_MSG.usernameTaken);
}
