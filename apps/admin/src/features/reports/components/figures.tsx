import type { ReportFigures } from '@app/contract/admin/reports';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Money } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';

const money = (value: number) => <Money value={value} />;

/** The headline figures of a report, a card each, optionally against another period's. */
export function FigureCards({ figures, against }: { figures: ReportFigures; against?: ReportFigures }) {
  const cards: { title: string; value: number; was?: number; isMoney?: boolean }[] = [
    { title: '充值金额', value: figures.deposits.amount, was: against?.deposits.amount, isMoney: true },
    { title: '取款金额', value: figures.withdrawals.amount, was: against?.withdrawals.amount, isMoney: true },
    { title: '净充值', value: figures.net_deposits, was: against?.net_deposits, isMoney: true },
    { title: '游戏盈亏', value: figures.game_result, was: against?.game_result, isMoney: true },
    { title: '有效投注', value: figures.bets.valid, was: against?.bets.valid, isMoney: true },
    { title: '优惠支出', value: figures.bonuses.total, was: against?.bonuses.total, isMoney: true },
    { title: '注册人数', value: figures.registrations, was: against?.registrations },
    { title: '首充人数', value: figures.first_depositors, was: against?.first_depositors },
    { title: '活跃玩家', value: figures.active_players, was: against?.active_players },
    { title: '充值笔数', value: figures.deposits.count, was: against?.deposits.count },
    { title: '取款笔数', value: figures.withdrawals.count, was: against?.withdrawals.count },
    { title: '注单数', value: figures.bets.count, was: against?.bets.count },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((c) => (
        <Col key={c.title} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic
              title={c.title}
              value={c.value}
              formatter={c.isMoney ? () => money(c.value) : undefined}
            />
            {c.was !== undefined && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                昨日 {c.isMoney ? money(c.was) : c.was}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** One breakdown: a name, optionally a count, and an amount per row. */
function Breakdown(props: {
  title: string;
  rows: { key: string; name: string; count?: number; amount: number }[];
  counted?: boolean;
}) {
  return (
    <Col xs={24} xl={8}>
      <Card size="small" title={props.title} style={{ height: '100%' }}>
        <LabelledTable
          label={props.title}
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={props.rows}
          columns={[
            { key: 'name', title: '名称', dataIndex: 'name' },
            ...(props.counted
              ? [{ key: 'count', title: '笔数', dataIndex: 'count', align: 'right' as const }]
              : []),
            { key: 'amount', title: '金额', align: 'right', render: (_, r) => money(r.amount) },
          ]}
        />
      </Card>
    </Col>
  );
}

/** Deposits by channel, the venues' results and the bonuses paid, for the report's range. */
export function BreakdownTables({ figures }: { figures: ReportFigures }) {
  const { bonuses } = figures;
  return (
    <Row gutter={[12, 12]}>
      <Breakdown
        title="按渠道充值"
        counted
        rows={figures.deposit_channels.map((c) => ({
          key: c.channel,
          name: c.name,
          count: c.count,
          amount: c.amount,
        }))}
      />
      <Breakdown
        title="场馆盈亏（投注减派彩）"
        rows={figures.game_results.map((v) => ({ key: v.venue, name: v.name, amount: v.result }))}
      />
      <Breakdown
        title="优惠支出"
        rows={[
          { key: 'red_packets', name: '红包', amount: bonuses.red_packets },
          { key: 'rebates', name: '返水', amount: bonuses.rebates },
          { key: 'activity_bonuses', name: '活动彩金', amount: bonuses.activity_bonuses },
          { key: 'manual_credits', name: '人工加款', amount: bonuses.manual_credits },
        ]}
      />
    </Row>
  );
}
