import type { ServerProcess } from './servers';

export interface Envelope {
  code: number;
  message: string;
  data?: unknown;
}

/** What one HTTP attempt got: an answer, or nothing (a timeout, a reset, a refused connection). */
export type Attempt = { answer: { status: number; body: Envelope; location: string } } | { lost: string };

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** The player's session token or the operator's API key. */
  bearer?: string;
  idempotencyKey?: string;
  body?: object;
  /** Give up waiting after this long: the server may still finish the request. */
  timeoutMs: number;
}

/** One attempt at one server, through the real HTTP stack. */
export async function attempt(server: ServerProcess, call: Call): Promise<Attempt> {
  try {
    const response = await fetch(`${server.base}${call.path}`, {
      method: call.method,
      redirect: 'manual',
      headers: {
        ...(call.bearer ? { authorization: `Bearer ${call.bearer}` } : {}),
        ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
        ...(call.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    const text = await response.text();
    let body: Envelope;
    try {
      body = JSON.parse(text) as Envelope;
    } catch {
      body = { code: response.status, message: text.slice(0, 200) };
    }
    return { answer: { status: response.status, body, location: response.headers.get('location') ?? '' } };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { lost: cause?.code ?? (error as Error).name };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
