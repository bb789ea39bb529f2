import { ROLE_LABEL } from '@app/contract/admin/roles';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PATH, ROUTES } from '@/shared/routes/table';
import { useCan, useSession } from '@/shared/session/session';
import { menuOf } from './navigation';

const Dashboard = lazy(() =>
  import('@/features/reports/components/dashboard').then((m) => ({ default: m.Dashboard })),
);

/**
 * Where an operator lands: who they are, the dashboard for the roles that
 * read the figures, and the way to each area.
 */
export function HomePage() {
  const { data: session } = useSession();
  const can = useCan();
  if (!session) return null;
  const entries = menuOf(ROUTES, (e) => e.path !== PATH.home && (!e.permission || can(e.permission))).flatMap(
    (g) => g.entries.map((e) => ({ ...e, area: g.area })),
  );
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          您好，{session.operator.display_name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          当前角色 <Tag color="blue">{ROLE_LABEL[session.operator.role]}</Tag>
          您在后台的每一次操作和每一次查看玩家资料都会写入审计日志。角色的权限见
          <Link to={PATH.account} style={{ textDecoration: 'underline' }}>
            账号安全
          </Link>
          。
        </Typography.Paragraph>
      </Card>
      {can('dashboard.view') && (
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      )}
      <Row gutter={[16, 16]}>
        {entries.map((e) => (
          <Col key={e.path} xs={24} md={12} xl={6}>
            <Link to={e.path}>
              <Card hoverable>
                <Flex align="center" gap={12}>
                  <span style={{ fontSize: 24, color: '#1d39c4' }}>{e.menu?.icon}</span>
                  <Flex vertical>
                    <Typography.Text strong>{e.label}</Typography.Text>
                    <Typography.Text type="secondary">{e.area}</Typography.Text>
                  </Flex>
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
