import { DownOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { ROLE_LABEL } from '@app/contract/admin/roles';
import { Avatar, Badge, Breadcrumb, Dropdown, Flex, Layout, Menu, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { signOut } from '@/features/auth/api/sign-in';
import { markSeen, useConsoleStream, useUnseenOrders } from '@/features/live/console-stream';
import { SoundSwitch } from '@/features/live/sound-switch';
import { PATH } from '@/shared/routes/table';
import { useCan, useSession } from '@/shared/session/session';
import { notify } from '@/shared/ui/feedback';
import styles from './console-layout.module.css';
import { menuOf, type RouteHandle, type RouteTable } from './navigation';

/** The open page's breadcrumbs, from the route table (app/navigation.ts). */
function Crumbs() {
  const crumbs = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.crumbs ?? [];
  const items = crumbs.map((c, i) => ({
    key: `${i}-${c.label}`,
    title: c.path && i < crumbs.length - 1 ? <Link to={c.path}>{c.label}</Link> : c.label,
  }));
  return <Breadcrumb items={items} />;
}

/** The console's frame: the menu by area on the left, the operator on top, breadcrumbs above each page. */
export function ConsoleLayout({ table }: { table: RouteTable }) {
  const { data: session } = useSession();
  const can = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const unseen = useUnseenOrders();
  useConsoleStream();
  useEffect(() => {
    for (const path of Object.keys(unseen)) if (location.pathname.startsWith(path)) markSeen(path);
  }, [location.pathname, unseen]);
  if (!session) return null;

  const menu = menuOf(table, (e) => !e.permission || can(e.permission));
  const items = menu.map(({ area, entries }) => ({
    type: 'group' as const,
    key: area,
    label: area,
    children: entries.map((e) => ({
      key: e.path,
      icon: e.menu?.icon,
      label: (
        <Link to={e.path}>
          {e.label}{' '}
          <Badge count={unseen[e.path] ?? 0} size="small" title={`${unseen[e.path] ?? 0} 笔新订单`} />
        </Link>
      ),
    })),
  }));
  const selected =
    menu
      .flatMap((g) => g.entries)
      .map((e) => e.path)
      .filter((p) => (p === PATH.home ? location.pathname === p : location.pathname.startsWith(p)))
      .at(-1) ?? PATH.home;

  const leave = async () => {
    notify.success(await signOut());
    navigate(PATH.signIn, { replace: true });
  };

  return (
    <Layout className={styles.shell}>
      <Layout.Sider width={220} theme="dark" className={styles.sider}>
        <Link to={PATH.home} className={styles.brand}>
          <SafetyOutlined /> 星云娱乐运营后台
        </Link>
        <Menu theme="dark" mode="inline" selectedKeys={[selected]} items={items} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Crumbs />
          <Flex align="center" gap={24}>
            <SoundSwitch />
            <Dropdown
              trigger={['hover', 'click']}
              menu={{
                items: [
                  {
                    key: 'account',
                    icon: <SafetyOutlined />,
                    label: <Link to={PATH.account}>账号安全</Link>,
                  },
                  { type: 'divider' },
                  {
                    key: 'sign-out',
                    icon: <LogoutOutlined />,
                    label: '退出登录',
                    onClick: () => void leave(),
                  },
                ],
              }}
            >
              <Flex align="center" gap={8} className={styles.operator} role="button" aria-label="当前操作员">
                <Avatar size="small" style={{ background: '#1d39c4' }}>
                  {session.operator.display_name.slice(0, 1)}
                </Avatar>
                <Typography.Text strong>{session.operator.display_name}</Typography.Text>
                <Tag color="blue">{ROLE_LABEL[session.operator.role]}</Tag>
                <DownOutlined style={{ fontSize: 10 }} />
              </Flex>
            </Dropdown>
          </Flex>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
