import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A browser that reports the page's first contentful paint (the `paint` entry pageIdle waits for) only
 * when the test calls the function returned.
 */
export function firstPaintWhenTold(): () => void {
  const reports: (() => void)[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
        reports.push(() =>
          callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }),
        );
      }
      observe() {}
      disconnect() {}
    },
  );
  return () =>
    act(() => {
      for (const report of reports) report();
    });
}
