import { ArrowLeftOutlined } from '@ant-design/icons';
import { PLAYER_RECORD_LISTS, PLAYER_RECORDS } from '@app/contract/admin/players';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PATH } from '@/shared/routes/table';
import { useCan } from '@/shared/session/session';
import { playerProfileQuery } from '../api/players';
import { AdjustButton } from '../components/adjust-button';
import { BalancesCard } from '../components/balances-card';
import { LedgerTab } from '../components/ledger-tab';
import { PlayerActions } from '../components/player-actions';
import { CardsTable, PlayerProfileCard } from '../components/player-profile';
import { ProtectionCard } from '../components/protection-card';
import { RecordsTab } from '../components/records-tab';

/** A player's page: who they are, their money now, their records, and the support actions. */
export function PlayerPage() {
  const id = Number(useParams().id);
  const can = useCan();
  const query = useQuery({ ...playerProfileQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (query.isError) {
    return (
      <Result status="404" title={query.error.message} extra={<Link to={PATH.players}>返回玩家查询</Link>} />
    );
  }
  const player = query.data;
  if (!player) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex align="center" gap={12}>
            <Link to={PATH.players}>
              <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回玩家查询" />
            </Link>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {player.username}
            </Typography.Title>
            <Typography.Text type="secondary">ID {player.id}</Typography.Text>
            {player.status === 0 ? <Tag color="red">已冻结</Tag> : <Tag color="green">正常</Tag>}
            <Tag color="gold">VIP{player.vip}</Tag>
            {player.is_agent === 1 && <Tag color="blue">代理</Tag>}
          </Flex>
          <Flex gap={8}>
            <AdjustButton player={player} />
            <PlayerActions player={player} />
          </Flex>
        </Flex>
      </Card>
      <Row gutter={16}>
        <Col span={15}>
          <Card title="基本资料">
            <PlayerProfileCard player={player} />
          </Card>
        </Col>
        <Col span={9}>
          <BalancesCard playerId={player.id} />
        </Col>
      </Row>
      <ProtectionCard playerId={player.id} />
      <Card>
        <Tabs
          items={[
            {
              key: 'cards',
              label: `银行卡（${player.cards.length}）`,
              children: <CardsTable cards={player.cards} />,
            },
            ...PLAYER_RECORD_LISTS.map((list) => ({
              key: list,
              label: PLAYER_RECORDS[list].label,
              children: <RecordsTab playerId={player.id} list={list} />,
            })),
            ...(can('players.ledger')
              ? [{ key: 'ledger', label: '账本流水', children: <LedgerTab playerId={player.id} /> }]
              : []),
          ]}
          destroyOnHidden
        />
      </Card>
    </Flex>
  );
}
