import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from '@/shared/routes/router/create-router';
import { RouterProvider } from '@/shared/routes/router/react';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { useScrollToTop } from './use-scroll-to-top';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

function Root() {
  useScrollToTop();
  return <KeepAliveOutlet />;
}

/** Cached /a inside a cached layout, cached /c at the top, plain /b. */
function setup(path = '/a') {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        Component: Root,
        children: [
          {
            id: 'layout',
            handle: { keepAlive: true },
            Component: KeepAliveOutlet,
            children: [{ id: 'a', path: '/a', handle: { keepAlive: true }, element: <Counter label="a" /> }],
          },
          { id: 'b', path: '/b', element: <Counter label="b" /> },
          { id: 'c', path: '/c', handle: { keepAlive: true }, element: <Counter label="c" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const go = (router: ReturnType<typeof createMemoryRouter>, to: string) => act(() => router.navigate(to));

describe('keep-alive outlet', () => {
  it('keeps a cached route state when left and revisited', async () => {
    const { router, user } = setup('/a');
    await user.click(screen.getByRole('button', { name: 'a 0' }));
    await user.click(screen.getByRole('button', { name: 'a 1' }));

    await go(router, '/b');
    expect(screen.getByRole('button', { name: 'b 0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'a 2' })).toBeNull(); // hidden, not shown

    await go(router, '/a');
    expect(screen.getByRole('button', { name: 'a 2' })).toBeTruthy();
  });

  it('starts a route that is not cached afresh each visit', async () => {
    const { router, user } = setup('/b');
    await user.click(screen.getByRole('button', { name: 'b 0' }));
    await go(router, '/c');
    await go(router, '/b');
    expect(screen.getByRole('button', { name: 'b 0' })).toBeTruthy();
  });

  it('starts every navigation at the top, a cached route too, which keeps its state', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    const { router, user } = setup('/a');
    await user.click(screen.getByRole('button', { name: 'a 0' }));
    // The player scrolls the cached page down, then leaves it.
    Object.defineProperty(window, 'scrollY', { value: 341, configurable: true });
    window.dispatchEvent(new Event('scroll'));

    await go(router, '/b');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollTo.mockClear();
    await go(router, '/a');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(screen.getByRole('button', { name: 'a 1' })).toBeTruthy();

    scrollTo.mockClear();
    await go(router, '/a?tab=2');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('leaves the browser no scroll position of its own to restore on back and forward', () => {
    window.history.scrollRestoration = 'auto';
    setup('/a');
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
