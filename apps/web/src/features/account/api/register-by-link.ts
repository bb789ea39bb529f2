import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { Referral } from '@/shared/routes/referral';

/** What a promotion link carries (spec 4, Registration via link). */
export type LinkRegisterInput = Referral;

/** The new player: the session's token and, answered this once only, the name and initial passwords. */
export interface LinkRegistration {
  message: string;
  token: string;
  username: string;
  password: string;
  payPassword: string;
}

/**
 * POST /api/register/link: registers a player with a random username and random initial passwords;
 * answers 注册成功，请尽快修改初始密码. A refusal is toasted by the client as the server words it.
 */
export async function registerByLink(input: LinkRegisterInput): Promise<LinkRegistration> {
  const { message, data } = await apiResult('/api/register/link', schemas.linkRegisterResult, {
    body: input,
    // No session is at stake: any refusal is shown as the server words it.
    handleUnauthorized: false,
  });
  return {
    message,
    token: data.api_token,
    username: data.username,
    password: data.password,
    payPassword: data.paypassword,
  };
}
