import { Button, Flex, Result, Spin } from 'antd';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { Link, Navigate, type RouteObject, useLocation } from 'react-router';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { PATH, type RouteEntry, SIGN_IN_PATH } from '@/shared/routes/table';
import { useCan, useSession } from '@/shared/session/session';
import { ConsoleLayout } from './console-layout';
import { crumbsOf, type RouteHandle } from './navigation';

const Loading = () => (
  <Flex justify="center" align="center" style={{ minHeight: 240 }}>
    <Spin size="large" />
  </Flex>
);

const toHome = (
  <Link to={PATH.home}>
    <Button type="primary">返回工作台</Button>
  </Link>
);

/** The console for a signed-in operator; anyone else goes to the sign-in, and comes back after it. */
function SignedIn({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (data?.stage !== 'active') {
    return <Navigate to={SIGN_IN_PATH} state={{ from: `${location.pathname}${location.search}` }} replace />;
  }
  return children;
}

/** A page, for the roles its route allows; the server refuses the others' requests anyway. */
function RoutePage({ entry, page: Page }: { entry: RouteEntry; page: ComponentType }) {
  const can = useCan();
  if (entry.permission && !can(entry.permission)) {
    return (
      <Result
        status="403"
        title="无权访问"
        subTitle="您的角色没有此页面的权限，如需开通请联系超级管理员。"
        extra={toHome}
      />
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** The router's routes, made from the route table and each route's page. */
export function consoleRoutes<N extends string>(
  table: Readonly<Record<N, RouteEntry>>,
  pages: Readonly<Record<N, ComponentType>>,
): RouteObject[] {
  const pageRoutes = (Object.keys(table) as N[]).map((name): RouteObject => {
    const entry = table[name];
    const handle: RouteHandle = { crumbs: crumbsOf(table, entry) };
    const element = <RoutePage key={name} entry={entry} page={pages[name]} />;
    return entry.path === PATH.home
      ? { index: true, handle, element }
      : { path: entry.path, handle, element };
  });
  return [
    { path: SIGN_IN_PATH, element: <SignInPage /> },
    {
      path: PATH.home,
      element: (
        <SignedIn>
          <ConsoleLayout table={table} />
        </SignedIn>
      ),
      children: [
        ...pageRoutes,
        {
          path: '*',
          handle: { crumbs: [{ label: '工作台' }] } satisfies RouteHandle,
          element: <Result status="404" title="页面不存在" extra={toHome} />,
        },
      ],
    },
  ];
}
