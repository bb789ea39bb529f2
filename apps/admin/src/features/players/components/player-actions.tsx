import type { PlayerProfile } from '@app/contract/admin/players';
import { LOCKS, PASSWORDS } from '@app/contract/admin/players';
import type { Permission } from '@app/contract/admin/roles';
import { VIP_LEVELS } from '@app/contract/constants';
import { Button, Dropdown, Form, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { infoDialog } from '@/shared/ui/feedback';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import {
  endPlayerSessions,
  freezePlayer,
  resetPlayerPassword,
  setPlayerAgent,
  setPlayerVip,
  unfreezePlayer,
  unlockPlayer,
} from '../api/player-actions';

interface ActionValues {
  level?: number;
}
type Action = ReasonAction<ActionValues> & { key: string; permission: Permission };

function showPassword(which: 'login' | 'pay', username: string, password: string) {
  infoDialog({
    title: `${PASSWORDS[which]}已重置`,
    content: (
      <Space direction="vertical">
        <span>
          玩家 {username} 的新{PASSWORDS[which]}（只显示这一次，请通过安全渠道告知玩家）：
        </span>
        <Typography.Text code copyable style={{ fontSize: 18 }} data-testid="new-password">
          {password}
        </Typography.Text>
      </Space>
    ),
    okText: '我已记下',
  });
}

/** The support actions on a player, each with its reason and its confirmation, as the role allows. */
export function PlayerActions({ player }: { player: PlayerProfile }) {
  const can = useCan();
  const [active, setActive] = useState<Action>();
  const { id, username } = player;

  const unlock = (lock: 'login' | 'pay'): Action => ({
    key: `unlock-${lock}`,
    permission: 'players.unlock',
    label: `解除${LOCKS[lock]}`,
    description: `清除玩家 ${username} 的${LOCKS[lock]}和失败次数。`,
    run: ({ reason }) => unlockPlayer(id, lock, reason),
  });
  const reset = (which: 'login' | 'pay'): Action => ({
    key: `reset-${which}`,
    permission: 'players.reset-password',
    label: `重置${PASSWORDS[which]}`,
    description:
      which === 'login'
        ? `为玩家 ${username} 生成新的随机登录密码，并立即结束其全部会话。`
        : `为玩家 ${username} 生成新的随机支付密码。`,
    danger: true,
    run: async ({ reason }) => {
      showPassword(which, username, await resetPlayerPassword(id, which, reason));
      return undefined;
    },
  });

  const primary: Action[] = [
    player.status === 1
      ? {
          key: 'freeze',
          permission: 'players.freeze',
          label: '冻结账号',
          description: `冻结后玩家 ${username} 立即下线，且无法再登录，直到解冻。`,
          danger: true,
          run: ({ reason }) => freezePlayer(id, reason),
        }
      : {
          key: 'unfreeze',
          permission: 'players.unfreeze',
          label: '解冻账号',
          description: `解冻后玩家 ${username} 可以重新登录。`,
          run: ({ reason }) => unfreezePlayer(id, reason),
        },
    {
      key: 'end-sessions',
      permission: 'players.end-sessions',
      label: '结束会话',
      description: `立即结束玩家 ${username} 的全部登录会话（当前 ${player.live_sessions} 个），玩家需重新登录。`,
      run: ({ reason }) => endPlayerSessions(id, reason),
    },
  ];
  const more: Action[] = [
    unlock('login'),
    unlock('pay'),
    reset('login'),
    reset('pay'),
    {
      key: 'agent',
      permission: 'players.set-agent',
      label: player.is_agent === 1 ? '取消代理身份' : '设为代理',
      description:
        player.is_agent === 1
          ? `取消玩家 ${username} 的代理身份，玩家端不再显示代理入口。`
          : `将玩家 ${username} 设为代理，玩家端显示代理入口。`,
      run: ({ reason }) => setPlayerAgent(id, player.is_agent === 1 ? 0 : 1, reason),
    },
    {
      key: 'vip',
      permission: 'players.set-vip',
      label: '设置VIP等级',
      description: `修改玩家 ${username} 的VIP等级（当前 VIP${player.vip}），新等级的保级周期从今天开始。`,
      row: { level: player.vip },
      labels: { level: 'VIP等级' },
      shown: { level: (level) => `VIP${level}` },
      fields: (
        <Form.Item
          name="level"
          label="VIP等级"
          rules={[{ required: true, message: `VIP等级须为1-${VIP_LEVELS}` }]}
        >
          <InputNumber min={1} max={VIP_LEVELS} precision={0} addonBefore="VIP" style={{ width: 160 }} />
        </Form.Item>
      ),
      run: ({ level, reason }) => setPlayerVip(id, level ?? player.vip, reason),
    },
  ];

  const allowed = (a: Action) => can(a.permission);
  const menu = more.filter(allowed);
  return (
    <>
      <Space wrap>
        {primary.filter(allowed).map((a) => (
          <Button key={a.key} danger={a.danger} onClick={() => setActive(a)}>
            {a.label}
          </Button>
        ))}
        {menu.length > 0 && (
          <Dropdown
            menu={{
              items: menu.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
              onClick: ({ key }) => setActive(menu.find((a) => a.key === key)),
            }}
          >
            <Button>更多操作</Button>
          </Dropdown>
        )}
      </Space>
      <ReasonActionModal action={active} onClose={() => setActive(undefined)} />
    </>
  );
}
