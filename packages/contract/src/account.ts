import { z } from 'zod';
import { passwordChangeError } from './account-rules';
import { totpCodeField } from './protection';

/** Request and response schemas of the account calls (spec section 7). */
export const profileBodySchema = z.object({
  email: z.string().trim().max(64).optional().default(''),
  mobile: z.string().trim().max(20).optional().default(''),
  birthday: z.string().trim().max(10).optional().default(''),
});

/** password: the old one; paypassword: the new one (spec 7, editPassword and editPayPassword). */
export const passwordChangeBodySchema = z
  .object({
    password: z.string().max(64).optional().default(''),
    paypassword: z.string().max(64).optional().default(''),
    totp_code: totpCodeField,
  })
  .superRefine((v, ctx) => {
    const message = passwordChangeError({ old: v.password, next: v.paypassword });
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const avatarSchema = z.object({ avatar: z.string() });

export const linkRegisterBodySchema = z.object({
  pid: z.union([z.string(), z.number()]).optional(),
  referrer: z.string().max(64).optional(),
  referrer_node: z.string().max(200).optional(),
});
/** The new player's token and, once only, the generated username and initial passwords. */
export const linkRegisterResultSchema = z.object({
  api_token: z.string(),
  username: z.string(),
  password: z.string(),
  paypassword: z.string(),
});
