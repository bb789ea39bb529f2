import { useEffect, useState } from 'react';

/** The longest a page waits for its first paint and an idle moment before it asks what can wait anyway. */
const IDLE_WAIT_MS = 1500;

/** Whether the page's first content has been seen on the screen: then it stays so. */
let contentShown = false;

/** Resolves once the page's first content is on the screen (the paint entry comes after it is shown). */
function firstContentShown(): Promise<void> {
  return new Promise((resolve) => {
    if (contentShown) {
      resolve();
      return;
    }
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      contentShown = true;
      resolve();
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
 * the page has been shown, that is at its next idle moment.
 */
export function pageIdle(): Promise<void> {
  return Promise.race([
    firstContentShown().then(idleMoment),
    new Promise<void>((resolve) => setTimeout(resolve, IDLE_WAIT_MS)),
  ]);
}

/** False until pageIdle() has resolved: a query's `enabled` for what can wait. */
export function usePageIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void pageIdle().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
