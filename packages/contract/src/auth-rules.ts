/** Register and login rules shared by the player app and the server; no zod here, so the app stays small. */
import {
  INPUT_MAX_LENGTH,
  LOGIN_CAPTCHA_MAX,
  LOGIN_PASSWORD_MIN,
  PAY_PASSWORD_LENGTH,
  REALNAME_MIN,
  REGISTER_CAPTCHA_MAX,
  USERNAME_LENGTH,
} from './constants';
import { MSG } from './messages';

export interface RegisterFields {
  name: string;
  password: string;
  confirmPass: string;
  realname: string;
  paypassword: string;
  code: string;
}

export interface LoginFields {
  name: string;
  password: string;
  code: string;
}

const len = (s: string | undefined) => (s ?? '').length;

type Rule<T> = readonly [fails: (v: T) => boolean, message: string];

/**
 * Spec 5, Register, in the order checked. The terms checkbox is the player app's own first check
 * (it never reaches the server); the captcha's correctness is the server's last check.
 */
const registerRules: readonly Rule<RegisterFields>[] = [
  [(v) => len(v.name) < USERNAME_LENGTH.min || len(v.name) > USERNAME_LENGTH.max, MSG.registerName],
  [(v) => len(v.password) < LOGIN_PASSWORD_MIN || len(v.password) > INPUT_MAX_LENGTH, MSG.registerPassword],
  [(v) => v.confirmPass !== v.password, MSG.registerConfirm],
  [(v) => len(v.realname.trim()) < REALNAME_MIN || len(v.realname) > INPUT_MAX_LENGTH, MSG.registerRealname],
  [
    (v) => len(v.paypassword) < PAY_PASSWORD_LENGTH.min || len(v.paypassword) > PAY_PASSWORD_LENGTH.max,
    MSG.registerPayPassword,
  ],
  [(v) => len(v.code.trim()) === 0 || len(v.code) > REGISTER_CAPTCHA_MAX, MSG.captchaMissing],
];

const loginRules: readonly Rule<LoginFields>[] = [
  [(v) => len(v.name) === 0 || len(v.password) === 0, MSG.loginMissing],
  [(v) => len(v.code.trim()) === 0 || len(v.code) > LOGIN_CAPTCHA_MAX, MSG.captchaMissing],
];

function firstFailure<T>(rules: readonly Rule<T>[], value: T): string | null {
  for (const [fails, message] of rules) if (fails(value)) return message;
  return null;
}

/** The first register rule the input breaks, as its exact message, or null. */
export const registerError = (v: RegisterFields) => firstFailure(registerRules, v);
/** The first login rule the input breaks, as its exact message, or null. */
export const loginError = (v: LoginFields) => firstFailure(loginRules, v);

/** Captchas compare case-insensitively (spec 5). */
export const captchaMatches = (answer: string, expected: string) =>
  answer.trim().toLowerCase() === expected.trim().toLowerCase();

/** Request body of POST /api/login_pc. */
export interface LoginInput extends LoginFields {
  captcha_key: string;
  /** The authenticator code or a recovery code, once the server asked for it (two-factor on). */
  totp_code?: string;
}

/**
 * An agent's registration link (spec 3's registration payload): pid, the agent's id; referrer, the
 * link's code; referrer_node, the chain of agents the link carried.
 */
export interface Referral {
  pid?: string;
  referrer?: string;
  referrer_node?: string;
}

/** Request body of POST /api/register, with the referral when the player came by a link. */
export interface RegisterInput extends RegisterFields, Referral {
  captcha_key: string;
}
