import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyImage } from './lazy-image';

/** A browser whose first contentful paint is reported when the test says. */
function paintReportedByTest() {
  let report: (() => void) | undefined;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
        report = () =>
          callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      }
      observe() {}
      disconnect() {}
    },
  );
  return () => act(() => report?.());
}

describe('LazyImage', () => {
  it("waits for the first screen to be shown before it loads; a first screen's own picture does not", async () => {
    const paint = paintReportedByTest();
    const { container } = render(
      <>
        <LazyImage src="/art/games/later.svg" />
        <LazyImage src="/art/banners/first.svg" eager />
      </>,
    );
    const sources = () => [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources()).toEqual(['/art/banners/first.svg']);

    paint();
    await waitFor(() => expect(sources()).toEqual(['/art/games/later.svg', '/art/banners/first.svg']));
  });
});
