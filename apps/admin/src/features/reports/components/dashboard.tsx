import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { STATEMENTS_WAITING } from '@app/contract/admin/agents';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PATH } from '@/shared/routes/table';
import { dashboardQuery } from '../api';
import { FigureCards } from './figures';

const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

/** The console's home for 超级管理员, 财务 and 审计: today against yesterday, what waits, the ledger, 30 days. */
export function Dashboard() {
  const query = useQuery(dashboardQuery);
  if (query.error) return <Alert type="error" showIcon title={query.error.message} />;
  if (!query.data) return <Spin />;
  const { today, yesterday, queues, ledger_check: check, last_30_days: days } = query.data;
  const waiting = [
    { title: '待审核充值', value: queues.deposits, path: PATH.depositReview },
    { title: '待审核取款', value: queues.withdrawals, path: PATH.withdrawalReview },
    { title: '待复核调账', value: queues.adjustments, path: PATH.adjustments },
    { title: '待结算转账', value: queues.transfers, path: PATH.pendingTransfers },
    {
      title: '待审核佣金账单',
      value: queues.commission_statements,
      path: `${PATH.agentStatements}?state=${STATEMENTS_WAITING}`,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Card title={`今日概况（${today.day}，北京时间）`} size="small">
        <FigureCards figures={today} against={yesterday} />
      </Card>
      <Row gutter={[12, 12]}>
        {waiting.map((w) => (
          <Col key={w.title} xs={12} xl={3}>
            <Link to={w.path}>
              <Card size="small" hoverable>
                <Statistic
                  title={w.title}
                  value={w.value}
                  styles={w.value > 0 ? { content: { color: '#d4380d' } } : undefined}
                />
              </Card>
            </Link>
          </Col>
        ))}
        <Col xs={24} xl={9}>
          <Card size="small" style={{ height: '100%' }}>
            <Typography.Text type="secondary">最近一次账本校验</Typography.Text>
            <div style={{ marginTop: 8 }}>
              {check ? (
                <Flex gap={8} align="center" wrap>
                  {check.ok ? (
                    <Tag icon={<CheckCircleOutlined />} color="success">
                      账本平衡
                    </Tag>
                  ) : (
                    <Tag icon={<WarningOutlined />} color="error">
                      发现 {check.violations} 处异常
                    </Tag>
                  )}
                  <span>{check.at}</span>
                  <Typography.Text type="secondary">
                    {check.accounts} 个账户，{check.transfers} 笔流水
                  </Typography.Text>
                </Flex>
              ) : (
                <Typography.Text type="secondary">尚未运行（每 10 分钟一次）</Typography.Text>
              )}
            </div>
          </Card>
        </Col>
      </Row>
      <Card title="近 30 天" size="small">
        <Suspense fallback={<Spin />}>
          <TrendChart days={days} />
        </Suspense>
      </Card>
    </Flex>
  );
}
