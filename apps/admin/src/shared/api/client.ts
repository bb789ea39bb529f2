import { CSRF_HEADER } from '@app/contract/admin/auth';
import type { z } from 'zod';

/** A refusal from the server: its envelope code and its Chinese message, fit to show as it is. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = '网络异常，请检查网络后重试';
const API = '/admin/api';

let csrfToken: string | undefined;
let onSignedOut: (message: string) => void = () => {};

/** The session's CSRF token, sent on every request that changes something. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** What happens when the server says the session is over (401): the console goes back to sign-in. */
export function whenSignedOut(handler: (message: string) => void): void {
  onSignedOut = handler;
}

export type Query = Record<string, string | number | undefined>;

/** A contract route (absolute, /admin/api/...) as the calls below take it: the client adds that prefix itself. */
export const apiPath = (route: string) => route.replace(/^\/admin\/api/, '');

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API}${path}${search ? `?${search}` : ''}`;
}

async function send(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<Response> {
  try {
    return await fetch(url(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(method === 'POST' && csrfToken ? { [CSRF_HEADER]: csrfToken } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }
}

async function refusal(response: Response): Promise<ApiError> {
  const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
  const error = new ApiError(envelope?.code ?? response.status, envelope?.message ?? NETWORK_MESSAGE);
  if (error.code === 401) onSignedOut(error.message);
  return error;
}

/**
 * The console's one way to the operator API: same-origin JSON with the session cookie, the
 * `{ code, message, data }` envelope, and the answer checked against the contract's schema.
 */
export async function api<S extends z.ZodType>(
  schema: S,
  path: string,
  options: { method?: 'GET' | 'POST'; query?: Query; body?: unknown } = {},
): Promise<z.infer<S>> {
  const response = await send(options.method ?? 'GET', path, options.query, options.body);
  if (!response.ok) throw await refusal(response);
  const envelope = (await response.json()) as { code: number; message: string; data?: unknown };
  return schema.parse(envelope.data);
}

/** A POST whose answer is only its message (操作成功...). */
export async function command(path: string, body: unknown = {}): Promise<string> {
  const response = await send('POST', path, undefined, body);
  if (!response.ok) throw await refusal(response);
  return ((await response.json()) as { message: string }).message;
}

/** Uploads one file (multipart field `file`) and checks the answer against the schema. */
export async function upload<S extends z.ZodType>(
  schema: S,
  path: string,
  file: Blob,
  name: string,
): Promise<z.infer<S>> {
  const form = new FormData();
  form.append('file', file, name);
  let response: Response;
  try {
    response = await fetch(url(path), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(csrfToken ? { [CSRF_HEADER]: csrfToken } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  if (!response.ok) throw await refusal(response);
  const envelope = (await response.json()) as { data?: unknown };
  return schema.parse(envelope.data);
}

/** Downloads an export (CSV) under the file name the server gives it. */
export async function download(path: string, query: Query): Promise<void> {
  const response = await send('GET', path, query);
  if (!response.ok) throw await refusal(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  saveFile(name ? decodeURIComponent(name) : 'export.csv', await response.blob());
}

/** Hands a file to the browser's downloads. */
export function saveFile(name: string, blob: Blob): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
