import type { SessionState } from '@app/contract/admin/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import type { Clock } from '../src/lib/clock';
import { body } from './harness';

/** A clock that stands still until the test moves it: TOTP steps and idle expiry follow it. */
export class ManualClock implements Clock {
  private at: Date;

  constructor(start = new Date()) {
    this.at = start;
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/** The authenticator's code at the clock's time, as the operator's phone would show it. */
export const codeAt = (secret: string, clock: Clock) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** The console's session cookie from an answer's Set-Cookie, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'xy_op');
  return cookie?.value ? `xy_op=${cookie.value}` : undefined;
}

/**
 * A browser's side of the console: it keeps the session cookie the server sets and sends the CSRF
 * token it was given on every request that changes something, as the console app does.
 */
export class ConsoleClient {
  cookie: string | undefined;
  csrf: string | undefined;
  state: SessionState | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  async request(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === 'POST' && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...headers,
      },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'xy_op');
    if (set) this.cookie = set.value ? `xy_op=${set.value}` : undefined;
    const data = res.headers['content-type']?.toString().includes('json') ? body(res) : undefined;
    const state = data?.data as SessionState | undefined;
    if (state && typeof state === 'object' && 'csrf_token' in state) {
      this.state = state;
      this.csrf = state.csrf_token;
    }
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: object) => this.request('POST', url, payload);

  /** Password, then the code (enrolling at the first sign-in), then a new password when one is asked for. */
  async signIn(
    username: string,
    password: string,
    secret: string,
    clock: Clock,
    newPassword = 'NewPassword2026',
  ): Promise<SessionState> {
    const first = await this.post('/admin/api/auth/sign-in', { username, password });
    if (first.statusCode !== 200) throw new Error(`sign-in: ${body(first).message}`);
    const second = await this.post('/admin/api/auth/totp', { code: await codeAt(secret, clock) });
    if (second.statusCode !== 200) throw new Error(`totp: ${body(second).message}`);
    if (this.state?.stage === 'password') {
      const third = await this.post('/admin/api/auth/password', { password: newPassword });
      if (third.statusCode !== 200) throw new Error(`password: ${body(third).message}`);
    }
    if (!this.state) throw new Error('no session state');
    return this.state;
  }
}
