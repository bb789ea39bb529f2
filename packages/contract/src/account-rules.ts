/** Profile and password rules shared by the player app and the server; no zod here. */
import { MAINLAND_MOBILE } from './content-rules';

/** Spec section 5 (Profile update, Password change) and 8, verbatim. */
export const ACCOUNT_MSG = {
  mobile: '请输入正确手机号',
  email: '请输入正确邮箱号',
  birthday: '请输入正确的日期格式：YYYY-MM-DD',
  saved: '操作成功',
  oldRequired: '请输入旧密码',
  newRequired: '请输入新密码',
  confirmRequired: '请输入确认密码',
  oldLength: '请输入正确的旧密码长度',
  newLength: '请输入正确的新密码长度',
  mismatch: '两次密码不一致！',
  sameAsOld: '新旧密码不能一致！',
  changed: '密码修改成功！',
} as const;

export const ACCOUNT_SERVER_MSG = {
  oldWrong: (left: number) => `旧密码错误，还可尝试${left}次`,
  payPasswordTooLong: '支付密码长度必须在6到18位之间',
  uploadMissing: '请选择要上传的图片',
  uploadMalformed: '参数错误：file 上传格式无效（multipart/form-data）',
  uploadType: '仅支持 PNG 或 GIF 图片',
  uploadSize: '图片不能超过2MB',
  uploadDimensions: '图片尺寸不能超过2048×2048',
  uploadUnreadable: '图片已损坏或无法读取，请换一张图片',
  uploaded: '上传成功',
  linkRegistered: '注册成功，请尽快修改初始密码',
} as const;

export const PASSWORD_MIN = 6;
export const EARLIEST_BIRTHDAY = '1980-01-01';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 2048;

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/;

/** A calendar date YYYY-MM-DD that exists, from 1980-01-01 to `today`. */
export function birthdayValid(value: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= EARLIEST_BIRTHDAY &&
    value <= today
  );
}

/** The first profile rule the input breaks (empty fields are allowed: they clear the field), or null. */
export function profileError(
  input: { mobile: string; email: string; birthday: string },
  today: string,
): string | null {
  if (input.mobile !== '' && !MAINLAND_MOBILE.test(input.mobile)) return ACCOUNT_MSG.mobile;
  if (input.email !== '' && !EMAIL.test(input.email)) return ACCOUNT_MSG.email;
  if (input.birthday !== '' && !birthdayValid(input.birthday, today)) return ACCOUNT_MSG.birthday;
  return null;
}

/** Spec 5, Password change, in its order; `confirm` is checked only where there is one (the app). */
export function passwordChangeError(input: { old: string; next: string; confirm?: string }): string | null {
  if (input.old === '') return ACCOUNT_MSG.oldRequired;
  if (input.next === '') return ACCOUNT_MSG.newRequired;
  if (input.confirm === '') return ACCOUNT_MSG.confirmRequired;
  if (input.old.length < PASSWORD_MIN) return ACCOUNT_MSG.oldLength;
  if (input.next.length < PASSWORD_MIN) return ACCOUNT_MSG.newLength;
  if (input.confirm !== undefined && input.confirm !== input.next) return ACCOUNT_MSG.mismatch;
  if (input.next === input.old) return ACCOUNT_MSG.sameAsOld;
  return null;
}
