import { z } from 'zod';
import { loginError, registerError } from './auth-rules';
import { totpCodeField } from './protection';

const text = z.string().optional().default('');

/** Request body of POST /api/register. Link-flow fields are accepted; unknown fields are dropped. */
export const registerBodySchema = z
  .object({
    name: text,
    password: text,
    confirmPass: text,
    realname: text,
    paypassword: text,
    code: text,
    captcha_key: text,
    pid: z.union([z.string(), z.number()]).optional(),
    referrer: z.string().optional(),
    referrer_node: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const message = registerError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Request body of POST /api/login_pc. */
export const loginBodySchema = z
  .object({ name: text, password: text, code: text, captcha_key: text, totp_code: totpCodeField })
  .superRefine((v, ctx) => {
    const message = loginError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenDataSchema = z.object({ api_token: z.string() });

/**
 * The data of a login refused only for want of the authenticator's code (right captcha and
 * password, two-factor on, no code sent): no failure is counted, and the captcha answered stands
 * again under `captcha_key`, so the next attempt sends the code with the same answer and that key.
 */
export const codeNeededDataSchema = z.object({ totp_required: z.literal(true), captcha_key: z.string() });
export type CodeNeededData = z.infer<typeof codeNeededDataSchema>;
export const captchaDataSchema = z.object({ captcha_key: z.string(), img: z.string() });
export type CaptchaData = z.infer<typeof captchaDataSchema>;
