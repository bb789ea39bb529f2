import { generate } from 'otplib';

/** The demo superadmin as `npm start` seeds and prints it (apps/server/src/seeds/demo-operators.ts). */
const OPERATOR = { username: 'admin', password: 'demo123456' };

interface Session {
  cookie: string;
  csrf: string;
}

async function post(base: string, path: string, body: object, session?: Session) {
  const res = await fetch(`${base}/admin/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { cookie: `xy_op=${session.cookie}`, 'x-csrf-token': session.csrf } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (envelope.code !== 200) throw new Error(`console ${path}: ${envelope.message}`);
  const cookie = /xy_op=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? session?.cookie ?? '';
  return {
    data: envelope.data,
    session: { cookie, csrf: String(envelope.data.csrf_token ?? session?.csrf) },
  };
}

/**
 * Signs the demo superadmin in to the console as an operator does on a fresh platform: the password,
 * then the authenticator's code of the secret the first sign-in enrols. Answers the session cookie's value.
 */
export async function operatorCookie(base: string): Promise<string> {
  const first = await post(base, '/auth/sign-in', OPERATOR);
  const enrolment = first.data.enrolment as { secret: string } | undefined;
  if (!enrolment)
    throw new Error('console sign-in: the demo operator was expected to enrol at its first sign-in');
  const code = await generate({ secret: enrolment.secret });
  const active = await post(base, '/auth/totp', { code }, first.session);
  if (active.data.stage !== 'active')
    throw new Error(`console sign-in ended at ${String(active.data.stage)}`);
  return active.session.cookie;
}
