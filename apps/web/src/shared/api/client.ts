import { HTTP_TIMEOUT_MS } from '@app/contract/constants';
import { ApiCode, type Envelope } from '@app/contract/envelope';
import { MSG } from '@app/contract/messages';
import { T } from '@/shared/i18n/zh-cn';
import { navigateTo } from '@/shared/navigation/navigator';
import { PATH } from '@/shared/routes/paths';
import { getToken } from '@/shared/session/session-store';
import { signOut } from '@/shared/session/sign-out';
import { dialog, toast } from '@/shared/ui/feedback';
import { ApiError, NetworkError } from './api-error';
import { takeEarlyAnswer } from './early-answers';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** JSON body (POST); a FormData is sent as multipart (an upload) instead. */
  body?: unknown;
  /** Query string parameters (GET). */
  query?: Record<string, string | number | undefined>;
  /** Show a non-200 message as an error toast (default true). Forms that show it themselves opt out. */
  toastError?: boolean;
  /** Handle code 401 with the 认证失败 dialog and a fresh login (default true). */
  handleUnauthorized?: boolean;
  /** Show a loading toast while the call runs. */
  loading?: boolean;
  /** Cancels the call, e.g. TanStack Query's signal. */
  signal?: AbortSignal;
  /** Send this token instead of the stored one (logout sends the token it is revoking). */
  token?: string | null;
  /**
   * Money calls (transfer, recover-all, withdraw): the `Idempotency-Key` header, one per player
   * action and the same when that action is retried; the server replays its first answer.
   */
  idempotencyKey?: string;
  /**
   * The call ends the player's own session (a login password change, a time-out or exclusion):
   * its answer signs out with its own words, so the event stream's word of that ending is quiet.
   */
  endsOwnSession?: boolean;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Envelope).code === 'number' &&
  typeof (value as Envelope).message === 'string';

let unauthorizedDialogOpen = false;

/** The session a call of this page is ending (endsOwnSession), kept once ended: its token is dead. */
let endingToken: string | null = null;

/** Whether this page's own call is ending the session it holds (another tab's is not). */
export const endingOwnSession = () => endingToken !== null && endingToken === getToken();

/**
 * Spec 4 and 8: a 401 shows the dialog 认证失败, clears all storage and goes to /login. The session is
 * dropped at once so that polling stops; only one dialog shows however many calls answer 401.
 */
export function showAuthFailed() {
  signOut();
  navigateTo(PATH.login, { replace: true });
  if (unauthorizedDialogOpen) return;
  unauthorizedDialogOpen = true;
  void dialog.alert({
    title: MSG.authFailedTitle,
    content: MSG.authFailedBody,
    confirmText: T.confirm,
    afterClose: () => {
      unauthorizedDialogOpen = false;
    },
  });
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The one way the app talks to the server (DESIGN 7): same-origin JSON, bearer token, 30 s time-out,
 * the `{ code, message, data }` envelope. Resolves with the envelope of a code-200 answer; otherwise
 * rejects with ApiError (after the spec's toast or 401 dialog) or NetworkError (showing nothing).
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const token = options.token === undefined ? getToken() : options.token;
  if (options.endsOwnSession) endingToken = token;
  const answer = await exchange<T>(path, options).catch((error: unknown) => {
    if (options.endsOwnSession && endingToken === token) endingToken = null;
    throw error;
  });
  if (!answer) throw new NetworkError(`Unasked 304 from ${path}`);
  return answer.envelope;
}

/** What a call answered: its envelope and the ETag of the answer, or null for 304 (not modified). */
type Exchange<T> = { envelope: Envelope<T>; etag: string | null } | null;

async function exchange<T>(
  path: string,
  options: RequestOptions,
  ifNoneMatch?: string,
): Promise<Exchange<T>> {
  const {
    method = 'POST',
    body,
    query,
    toastError = true,
    handleUnauthorized = true,
    loading = false,
    signal,
    idempotencyKey,
  } = options;
  const token = options.token === undefined ? getToken() : options.token;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), HTTP_TIMEOUT_MS);
  const onCallerAbort = () => timeout.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (loading) toast.loading();

  const multipart = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A multipart body gets its Content-Type (with the boundary) from fetch itself.
  if (method === 'POST' && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;

  let envelope: Envelope<T>;
  let etag: string | null;
  try {
    const url = buildUrl(path, query);
    // A visitor's first screen: the entry may have asked this very call already (early-answers.ts).
    const early =
      token || ifNoneMatch || idempotencyKey || multipart ? undefined : takeEarlyAnswer(method, url, body);
    const response = await (early ??
      fetch(url, {
        method,
        headers,
        body: method !== 'POST' ? undefined : multipart ? body : JSON.stringify(body ?? {}),
        signal: timeout.signal,
      }));
    if (ifNoneMatch && response.status === 304) {
      if (loading) toast.clear();
      return null;
    }
    const parsed: unknown = await response.json();
    if (!isEnvelope(parsed)) throw new NetworkError(`No envelope from ${path}`);
    envelope = parsed as Envelope<T>;
    etag = response.headers.get('ETag');
  } catch (error) {
    // Network failures hide the loading indicator and show nothing (spec 8).
    if (loading) toast.clear();
    throw error instanceof NetworkError
      ? error
      : new NetworkError(`Request to ${path} failed`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  if (loading) toast.clear();
  if (envelope.code === ApiCode.ok) return { envelope, etag };
  if (envelope.code === ApiCode.unauthorized && handleUnauthorized) {
    showAuthFailed();
  } else if (toastError) {
    toast.error(envelope.message);
  }
  throw new ApiError(envelope.code, envelope.message, envelope.data);
}

/** What apiData needs of a contract schema (a zod schema fits). */
export interface DataSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/** A schema, or a loader of one (the contract's zod modules load lazily: see contract.ts). */
export type SchemaSource<T> = DataSchema<T> | (() => Promise<DataSchema<T>>);

const resolveSchema = <T>(source: SchemaSource<T>) =>
  typeof source === 'function' ? source() : Promise.resolve(source);

/** The `data` of a code-200 answer, checked against its contract schema. */
export async function apiData<T>(
  path: string,
  schema: SchemaSource<T>,
  options?: RequestOptions,
): Promise<T> {
  const { data } = await apiResult(path, schema, options);
  return data;
}

/** The message and the schema-checked `data` of a code-200 answer (e.g. 注册成功 and the token). */
export async function apiResult<T>(
  path: string,
  schema: SchemaSource<T>,
  options?: RequestOptions,
): Promise<{ message: string; data: T }> {
  // The schema loads while the request is on its way.
  const schemaReady = resolveSchema(schema);
  schemaReady.catch(() => undefined);
  const envelope = await apiRequest<unknown>(path, options);
  const result = (await schemaReady).safeParse(envelope.data);
  if (!result.success) throw new NetworkError(`Unexpected data from ${path}: ${result.error.message}`);
  return { message: envelope.message, data: result.data };
}

/**
 * A GET whose answer the app keeps between visits (the game list): sends the kept answer's ETag as
 * If-None-Match and resolves with null when the server says it has not changed (304), otherwise with
 * the checked `data` and the new answer's ETag. Errors are handled as in apiRequest.
 */
export async function apiRevalidate<T>(
  path: string,
  schema: SchemaSource<T>,
  etag: string | null,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<{ data: T; etag: string | null } | null> {
  const schemaReady = resolveSchema(schema);
  schemaReady.catch(() => undefined);
  const answer = await exchange<unknown>(path, { ...options, method: 'GET' }, etag ?? undefined);
  if (!answer) return null;
  const result = (await schemaReady).safeParse(answer.envelope.data);
  if (!result.success) throw new NetworkError(`Unexpected data from ${path}: ${result.error.message}`);
  return { data: result.data, etag: answer.etag };
}
