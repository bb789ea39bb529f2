import { PLAYER_STATUS, type PlayerProfile } from '@app/contract/admin/players';
import { Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Money, StateTag } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';

const dash = (text: string): ReactNode => text || <Typography.Text type="secondary">—</Typography.Text>;

function Lock({ until, failures }: { until: string; failures: number }) {
  if (until) return <Tag color="red">锁定至 {until}</Tag>;
  return <span>未锁定{failures > 0 ? `（已失败 ${failures} 次）` : ''}</span>;
}

/** The player's profile, standing and locks. */
export function PlayerProfileCard({ player }: { player: PlayerProfile }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={3}
      // A label is a word: 真实姓名 must not break into 真实姓 / 名 when the values are long.
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={[
        { key: 'username', label: '用户名', children: player.username },
        { key: 'realname', label: '真实姓名', children: dash(player.realname) },
        {
          key: 'status',
          label: '状态',
          children: <StateTag label={PLAYER_STATUS[player.status as 0 | 1]} />,
        },
        { key: 'mobile', label: '手机号', children: dash(player.mobile) },
        { key: 'email', label: '邮箱', children: dash(player.email) },
        { key: 'birthday', label: '生日', children: dash(player.birthday) },
        { key: 'vip', label: 'VIP等级', children: <Tag color="gold">VIP{player.vip}</Tag> },
        {
          key: 'agent',
          label: '代理',
          children: player.is_agent === 1 ? <Tag color="blue">代理</Tag> : '否',
        },
        { key: 'referrer', label: '推荐人', children: dash(player.referrer) },
        { key: 'balance', label: '中心钱包', children: <Money value={player.balance} /> },
        { key: 'deposit_total', label: '累计充值', children: <Money value={player.deposit_total} /> },
        { key: 'turnover', label: '剩余打码量', children: <Money value={player.turnover_required} /> },
        { key: 'created_at', label: '注册时间', children: player.created_at },
        { key: 'register_ip', label: '注册IP', children: dash(player.register_ip) },
        { key: 'sessions', label: '在线会话', children: `${player.live_sessions} 个` },
        { key: 'last_login_at', label: '最后登录', children: dash(player.last_login_at) },
        { key: 'last_login_ip', label: '最后登录IP', children: dash(player.last_login_ip) },
        {
          key: 'locks',
          label: '登录锁定',
          children: <Lock until={player.login_locked_until} failures={player.failed_logins} />,
        },
        {
          key: 'pay-lock',
          label: '支付密码锁定',
          span: 3,
          children: <Lock until={player.pay_locked_until} failures={player.failed_pay_passwords} />,
        },
      ]}
    />
  );
}

/** Every card and USDT address the player has bound, removed ones too. */
export function CardsTable({ cards }: { cards: PlayerProfile['cards'] }) {
  return (
    <LabelledTable
      label="银行卡与USDT地址"
      size="middle"
      rowKey="id"
      dataSource={cards}
      pagination={false}
      locale={{ emptyText: '未绑定银行卡或地址' }}
      columns={[
        { title: '类型', dataIndex: 'type', render: (t: number) => (t === 1 ? '银行卡' : 'USDT地址') },
        { title: '银行/币种', dataIndex: 'bank' },
        { title: '户名/协议', dataIndex: 'owner' },
        {
          title: '卡号/地址',
          dataIndex: 'number',
          render: (n: string) => <Typography.Text copyable>{n}</Typography.Text>,
        },
        { title: '开户行', dataIndex: 'address', render: dash },
        { title: '绑定时间', dataIndex: 'created_at' },
        {
          title: '状态',
          dataIndex: 'removed_at',
          render: (removed: string) =>
            removed ? <Tag>已于 {removed} 解绑</Tag> : <Tag color="green">使用中</Tag>,
        },
      ]}
    />
  );
}
