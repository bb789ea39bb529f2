import { useEffect, useState } from 'react';
import { waitAtMost } from './wait-at-most';

/** The longest a page waits for its first paint and an idle moment before it asks what can wait anyway. */
const IDLE_WAIT_MS = 1500;

/**
 * Whether the page's first content has been seen on the screen and an idle moment has followed: then
 * it stays so, and what waits for it need not wait any more.
 */
let settled = false;

/** Resolves once the page's first content is on the screen (the paint entry comes after it is shown). */
function firstContentShown(): Promise<boolean> {
  return new Promise((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve(false);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve(true);
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

const idleMoment = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve());
    else setTimeout(resolve, 0);
  });

/**
 * Resolves once the page's first content is on the screen and the browser has nothing more urgent to
 * do (at most IDLE_WAIT_MS after the call): the time to ask what no first screen shows, so that those
 * answers do not share a phone's first seconds of network with what the first screen waits for. Once
 * that has happened, it resolves at once.
 */
export function pageIdle(): Promise<void> {
  if (settled) return Promise.resolve();
  const shownThenIdle = firstContentShown().then(async (shown) => {
    await idleMoment();
    if (shown) settled = true;
  });
  return waitAtMost(shownThenIdle, IDLE_WAIT_MS);
}

/**
 * True once pageIdle() has resolved (a query's `enabled`, a picture's go-ahead for what can wait); true
 * from the start when `waits` is false or the page has settled already.
 */
export function usePageIdle(waits = true): boolean {
  const [ready, setReady] = useState(() => !waits || settled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void pageIdle().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready || !waits;
}
