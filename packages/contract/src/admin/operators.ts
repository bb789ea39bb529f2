import { z } from 'zod';
import { OPERATOR_MSG, OPERATOR_USERNAME } from './auth';
import { reasonField, textField } from './fields';
import { ROLES } from './roles';

const roleField = z.enum(ROLES, { error: OPERATOR_MSG.roleRule });

export const createOperatorBodySchema = z.object({
  username: textField((v) => OPERATOR_USERNAME.test(v), OPERATOR_MSG.usernameRule),
  display_name: textField((v) => v.length >= 1 && v.length <= 32, OPERATOR_MSG.displayNameRule),
  role: roleField,
  reason: reasonField,
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

/** A new operator's credentials, shown once: the first sign-in asks for a new password and the first code. */
export const newOperatorSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(ROLES),
  password: z.string(),
  totp_secret: z.string(),
  otpauth_uri: z.string(),
});
export type NewOperator = z.infer<typeof newOperatorSchema>;

export const operatorRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(ROLES),
  /** 1 active, 0 disabled. */
  status: z.number(),
  totp_enrolled: z.boolean(),
  locked: z.boolean(),
  must_change_password: z.boolean(),
  last_sign_in_at: z.string(),
  last_sign_in_ip: z.string(),
  created_at: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const setRoleBodySchema = z.object({ role: roleField, reason: reasonField });
export const reasonBodySchema = z.object({ reason: reasonField });

export const apiKeyRowSchema = z.object({
  id: z.number(),
  operator: z.string(),
  label: z.string(),
  /** The key's first characters, enough to recognise it. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  revoked_at: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRowSchema>;

export const createApiKeyBodySchema = z.object({
  label: textField((v) => v.length >= 1 && v.length <= 64, OPERATOR_MSG.keyLabelRule),
});

/** The key itself is answered once, at creation; only its hash is kept. */
export const newApiKeySchema = z.object({ id: z.number(), key: z.string(), prefix: z.string() });

/** The bootstrap (ADMIN_TOKEN) creates operators without a reason: there is nobody to give one. */
export const bootstrapOperatorBodySchema = createOperatorBodySchema.omit({ reason: true });

/** An operator's own sessions, as the account page lists them. */
export const operatorSessionRowSchema = z.object({
  id: z.number(),
  current: z.boolean(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
