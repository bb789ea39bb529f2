import { z } from 'zod';
import { textField } from './fields';
import { PERMISSION_NAMES, type Permission, ROLES } from './roles';

export const OPERATOR_PASSWORD_LENGTH = { min: 10, max: 64 } as const;
export const OPERATOR_USERNAME = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;
export const TOTP_CODE = /^\d{6}$/;

/** Messages of the operators' sign-in and account, shown as they are. */
export const OPERATOR_MSG = {
  usernameRequired: '请输入账号',
  passwordRequired: '请输入密码',
  codeFormat: '请输入6位动态验证码',
  wrongCredentials: '账号或密码错误',
  wrongCode: '动态验证码错误或已使用，请等待下一个验证码',
  locked: '登录失败次数过多，账号已锁定，请15分钟后再试或联系超级管理员',
  disabled: '账号已停用，请联系超级管理员',
  signInFirst: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  stageWrong: '请先完成登录验证',
  csrf: '请求校验失败，请刷新页面后重试',
  forbidden: '无权执行此操作',
  ipRefused: '当前网络地址不允许访问后台',
  passwordRule: `密码须为${OPERATOR_PASSWORD_LENGTH.min}-${OPERATOR_PASSWORD_LENGTH.max}位，且同时包含字母和数字`,
  passwordSame: '新密码不能与当前密码相同',
  currentPasswordWrong: '当前密码错误',
  usernameRule: '账号须为3-32位，以字母开头，可含字母、数字、下划线、点和连字符',
  usernameTaken: '账号已存在',
  displayNameRule: '请填写姓名（1-32字）',
  roleRule: '请选择角色',
  operatorNotFound: '操作员不存在',
  notYourself: '不能对自己执行此操作',
  keyLabelRule: '请填写密钥用途（1-64字）',
  keyNotFound: 'API 密钥不存在或已撤销',
  apiKeyNotAllowed: '此操作需要在后台登录后进行，API 密钥不可用',
} as const;

export const operatorPasswordOk = (p: string) =>
  p.length >= OPERATOR_PASSWORD_LENGTH.min &&
  p.length <= OPERATOR_PASSWORD_LENGTH.max &&
  /[A-Za-z]/.test(p) &&
  /\d/.test(p);

const untrimmed = (check: (v: string) => boolean, message: string) =>
  z.string().optional().default('').refine(check, { message });

export const signInBodySchema = z.object({
  username: textField((v) => v.length > 0 && v.length <= 32, OPERATOR_MSG.usernameRequired),
  password: untrimmed((v) => v.length > 0 && v.length <= 128, OPERATOR_MSG.passwordRequired),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const totpBodySchema = z.object({
  code: textField((v) => TOTP_CODE.test(v), OPERATOR_MSG.codeFormat),
});

export const changePasswordBodySchema = z.object({
  /** Omitted only in the forced change of the first sign-in, which the password has just proved. */
  current: z.string().max(128).optional(),
  password: untrimmed(operatorPasswordOk, OPERATOR_MSG.passwordRule),
});

/**
 * Where a console session is: `totp` waits for the code, `enrol` for the first code of a new
 * authenticator, `password` for a new password (the first one was handed over by someone else),
 * `active` may act.
 */
export const SIGN_IN_STAGES = ['totp', 'enrol', 'password', 'active'] as const;
export type SignInStage = (typeof SIGN_IN_STAGES)[number];

export const enrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const operatorSummarySchema = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(ROLES),
});

/** GET /admin/api/auth/me and every sign-in step answer this. */
export const sessionStateSchema = z.object({
  stage: z.enum(SIGN_IN_STAGES),
  operator: operatorSummarySchema,
  /** Sent back in the X-CSRF-Token header of every request that changes something. */
  csrf_token: z.string(),
  /** While enrolling: the secret to add to an authenticator app, and its otpauth:// URI for a QR code. */
  enrolment: enrolmentSchema.optional(),
  permissions: z.array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]])),
  /** Minutes of inactivity after which the session ends. */
  idle_minutes: z.number(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const CSRF_HEADER = 'x-csrf-token';
