import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashRouter, createMemoryRouter, type RouteObject, redirect } from './create-router';
import { Link, RouterProvider, useLocation } from './react';

function Where() {
  const { pathname, search, key } = useLocation();
  return <p data-testid="where">{`${pathname}${search} ${key === 'default' ? 'first' : 'later'}`}</p>;
}

/** A promise with its resolve, for code that loads when the test says. */
function later<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (text: string) => () => <p>{text}</p>;

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the hash router', () => {
  it('starts at the address hash, pushes #/path entries, and follows the back button', async () => {
    window.history.replaceState(null, '', '/#/a?x=1');
    const router = createHashRouter([{ Component: Where, children: [{ path: '/a' }, { path: '/b' }] }]);
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('where')).textContent).toBe('/a?x=1 first');

    await act(() => router.navigate('/b', { state: { from: 'a' } }));
    expect(window.location.hash).toBe('#/b');
    expect(router.state.location.state).toEqual({ from: 'a' });
    expect(screen.getByTestId('where').textContent).toBe('/b later');

    await act(() => router.navigate(-1));
    expect(screen.getByTestId('where').textContent).toBe('/a?x=1 first');
    expect(router.state.historyAction).toBe('POP');
    router.dispose();
  });

  it('navigates on a plain click of a Link', async () => {
    window.history.replaceState(null, '', '/#/a');
    const router = createHashRouter([
      { path: '/a', element: <Link to="/b?y=2">b</Link> },
      { path: '/b', Component: Where },
    ]);
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'b' });
    expect(link.getAttribute('href')).toBe('#/b?y=2');
    act(() => link.click());
    expect((await screen.findByTestId('where')).textContent).toBe('/b?y=2 later');
    router.dispose();
  });
});

describe('routes', () => {
  it('match without regard to case or a trailing slash, and anything else goes to the catch-all', async () => {
    const router = createMemoryRouter(
      [
        { path: '/wallet', Component: page('wallet') },
        { path: '*', loader: () => redirect('/wallet') },
      ],
      { initialEntries: ['/Wallet/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('wallet')).toBeTruthy();
    await act(() => router.navigate('/no/such/page'));
    expect(router.state.location.pathname).toBe('/wallet');
  });

  it("follow a guard's redirect: pushed on a push, in place of the address opened", async () => {
    const guard = ({ url }: { url: URL }) => {
      if (url.pathname === '/mine') throw redirect(`/login?redirect=${encodeURIComponent(url.pathname)}`);
      return null;
    };
    const routes: RouteObject[] = [
      { path: '/', Component: page('home'), loader: guard },
      { path: '/mine', Component: page('mine'), loader: guard },
      { path: '/login', Component: Where, loader: guard },
    ];
    const opened = createMemoryRouter(routes, { initialEntries: ['/mine'] });
    render(<RouterProvider router={opened} />);
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fmine later');
    expect(opened.state.historyAction).toBe('REPLACE');

    const pushed = createMemoryRouter(routes, { initialEntries: ['/'] });
    await act(() => pushed.navigate('/mine'));
    expect(pushed.state.location.pathname).toBe('/login');
    expect(pushed.state.historyAction).toBe('PUSH');
    await act(() => pushed.navigate(-1));
    expect(pushed.state.location.pathname).toBe('/');
  });

  it('keep the page shown while the next one loads, and the last navigation wins', async () => {
    const slow = later<{ Component: () => React.JSX.Element }>();
    const router = createMemoryRouter(
      [
        { path: '/', Component: page('home') },
        { path: '/slow', lazy: () => slow.promise },
        { path: '/fast', Component: page('fast') },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('home');

    let arrived = false;
    void router.navigate('/slow').then(() => {
      arrived = true;
    });
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByText('home')).toBeTruthy();

    await act(() => router.navigate('/fast'));
    await act(async () => slow.resolve({ Component: page('slow') }));
    expect(arrived).toBe(true);
    expect(router.state.location.pathname).toBe('/fast');
    expect(screen.getByText('fast')).toBeTruthy();
    expect(router.state.navigation.state).toBe('idle');
  });

  it('show the ErrorBoundary when a page fails to load', async () => {
    const failing = later<{ Component: () => React.JSX.Element }>();
    const router = createMemoryRouter(
      [
        {
          Component: Where,
          ErrorBoundary: page('load failed'),
          HydrateFallback: page('loading'),
          children: [{ path: '/a', lazy: () => failing.promise }],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => failing.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(screen.getByText('load failed')).toBeTruthy();
  });
});
