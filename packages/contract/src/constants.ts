/** Business constants of spec section 9. */
export const POLL = {
  balanceMs: 4300,
  walletMs: 3500,
  transferMs: 1500,
} as const;

export const BANNER_AUTOPLAY_MS = 3000;
export const HTTP_TIMEOUT_MS = 30_000;
export const WITHDRAW_REDIRECT_MS = 1500;
export const DEPOSIT_WINDOW_MS = 60 * 60 * 1000;
export const MIN_WITHDRAWAL = 100;
export const DEPOSIT_DEFAULT_RANGE = { min: 100, max: 10000 } as const;
export const MAX_CARDS_PER_TYPE = 5;
export const PAY_PASSWORD_LENGTH = { min: 6, max: 18 } as const;
export const LOGIN_PASSWORD_MIN = 6;
export const USERNAME_LENGTH = { min: 6, max: 32 } as const;
export const RANDOM_USERNAME_LENGTH = { min: 6, max: 10 } as const;
export const REALNAME_MIN = 2;
export const INPUT_MAX_LENGTH = 32;
export const REGISTER_CAPTCHA_MAX = 4;
export const LOGIN_CAPTCHA_MAX = 6;
export const CAPTCHA_LENGTH = 4;
export const MOBILE_BREAKPOINT_PX = 768;
export const VIP_LEVELS = 10;
export const VIP_RETENTION_DAYS = 90;
export const VENUE_LIST_COLLAPSED = 3;
export const DEFAULT_CONCISE_TAB = 'obgdy';

/** Date filters of the records pages: 1 today, 2 last 7 days, 3 last 15, 4 last 30. */
export const DATE_FILTER_DAYS = { 1: 1, 2: 7, 3: 15, 4: 30 } as const;
export const DEFAULT_DATE_FILTER = 4;

/** The largest int4 (serial) id: a larger one names nothing, and PostgreSQL refuses to compare it. */
export const SERIAL_ID_MAX = 2_147_483_647;
