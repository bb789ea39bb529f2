import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { useScrollMemory } from './use-scroll-memory';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

function Root() {
  useScrollMemory();
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

  it('scrolls to the top after a navigation but puts a cached route back where it was left', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    const { router } = setup('/a');

    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await go(router, '/b');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await go(router, '/a');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);

    await go(router, '/c');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
