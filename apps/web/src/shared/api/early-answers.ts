import { HTTP_TIMEOUT_MS } from '@app/contract/constants';
import { FULL_WIDTH_SIZES, pictureSources } from '@app/contract/pictures';

/**
 * The questions a visitor's first screen waits for, asked by the app's entry (main.tsx) beside the
 * app's code rather than once the app has rendered: by route path, each call exactly as the API client
 * sends it, and the pictures its answer puts on the first screen (home's first banner, the first
 * activities: the largest things there), preloaded as soon as the answer arrives.
 */
interface EarlyCall {
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body of a POST, as the client sends it (`JSON.stringify(body ?? {})`). */
  body?: unknown;
  /** The pictures of the answer that show first (at most what one screen holds). */
  pictures?: (data: unknown) => unknown[];
}

type Pictures = { src?: unknown }[] | undefined;

/**
 * Asked on every route: the app info (title, maintenance, popups). The app asks it as it starts; asked
 * here, its answer no longer waits for the app's code to download first.
 */
const EVERY_ROUTE: EarlyCall[] = [{ method: 'POST', path: '/api/app', body: {} }];

const EARLY_CALLS: Record<string, EarlyCall[]> = {
  '/': [
    {
      method: 'POST',
      path: '/api/bannerList',
      body: { type: 2 },
      pictures: (data) => ((data as Pictures) ?? []).slice(0, 1).map((b) => b?.src),
    },
    { method: 'POST', path: '/api/homenotice', body: {} },
  ],
  '/activity': [
    {
      method: 'POST',
      path: '/api/activitylist',
      body: {},
      // The first two cards fill the first screen; which one is largest depends on the phone.
      pictures: (data) =>
        ((data as { data?: { banner?: unknown }[] } | undefined)?.data ?? [])
          .slice(0, 2)
          .map((a) => a?.banner),
    },
    { method: 'POST', path: '/api/activitytype', body: {} },
  ],
  '/login': [{ method: 'GET', path: '/api/captcha' }],
};

const bodyText = (method: string, body: unknown) => (method === 'POST' ? JSON.stringify(body ?? {}) : '');
const keyOf = (method: string, url: string, body: string) => `${method} ${url} ${body}`;

const answers = new Map<string, Promise<Response>>();

/**
 * A same-origin picture path as the app shows it (apiAssetUrl's rule for paths). Not apiAssetUrl
 * itself: this module runs in the entry's chunk, and importing from the start-shared chunk makes the
 * two import each other, which broke the session store's start-up in the built app.
 */
const pictureHref = (src: string) => (src.startsWith('/') ? src : `/${src}`);

/**
 * Asks the first screen's questions of the hash route `hash` (a visitor only: a player's token would
 * change the answers), and preloads the picture an answer names.
 */
export function askEarly(doc: Document, hash: string) {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  for (const call of [...EVERY_ROUTE, ...(EARLY_CALLS[path] ?? [])]) {
    const body = bodyText(call.method, call.body);
    const answer = fetch(call.path, {
      method: call.method,
      headers:
        call.method === 'POST'
          ? { Accept: 'application/json', 'Content-Type': 'application/json' }
          : { Accept: 'application/json' },
      body: call.method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    answers.set(keyOf(call.method, call.path, body), answer);
    const pictures = call.pictures;
    if (pictures)
      void answer
        .then((response) => response.clone().json())
        .then((envelope: { data?: unknown }) => {
          for (const src of pictures(envelope?.data)) {
            if (typeof src !== 'string' || /^(data:|https?:|\/\/)/i.test(src)) continue;
            const link = doc.createElement('link');
            link.rel = 'preload';
            link.setAttribute('as', 'image');
            // An uploaded still picture: the AVIF copy the phone's width takes, as <picture> will ask.
            const best = pictureSources(pictureHref(src))?.[0];
            if (best) {
              link.setAttribute('imagesrcset', best.srcSet);
              link.setAttribute('imagesizes', FULL_WIDTH_SIZES);
              link.type = best.type;
            } else link.href = pictureHref(src);
            link.setAttribute('fetchpriority', 'high');
            doc.head.appendChild(link);
          }
        })
        .catch(() => {});
  }
}

/**
 * The answer asked early to exactly this call (method, address, body), taken once; undefined when it
 * was not asked early or is already taken. The API client asks for it only when it sends no token.
 */
export function takeEarlyAnswer(method: string, url: string, body: unknown): Promise<Response> | undefined {
  const key = keyOf(method, url, bodyText(method, body));
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}
