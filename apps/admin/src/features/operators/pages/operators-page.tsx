import { PlusOutlined } from '@ant-design/icons';
import { OPERATOR_MSG, OPERATOR_USERNAME } from '@app/contract/admin/auth';
import type { ApiKeyRow, NewOperator, OperatorRow } from '@app/contract/admin/operators';
import { type OperatorRole, type Permission, ROLE_LABEL, ROLES } from '@app/contract/admin/roles';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Dropdown,
  Flex,
  Form,
  Input,
  QRCode,
  Select,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useCan, useSession } from '@/shared/session/session';
import { infoDialog } from '@/shared/ui/feedback';
import { groupsOfFour } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import {
  allApiKeysQuery,
  createOperator,
  operatorAction,
  operatorsQuery,
  resetOperatorPassword,
  revokeOperatorKey,
  setOperatorRole,
} from '../api';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }));
const dash = (v: string) => v || '—';

interface FormValues {
  username?: string;
  display_name?: string;
  role?: OperatorRole;
}
type Action = ReasonAction<FormValues>;

function showCredentials(op: NewOperator) {
  infoDialog({
    title: `已创建操作员 ${op.username}`,
    width: 640,
    content: (
      <Flex vertical gap={12}>
        <Typography.Text>
          以下信息只显示这一次，请通过安全渠道交给本人。首次登录须绑定身份验证器并设置新密码。
        </Typography.Text>
        <Flex gap={16} align="center">
          <QRCode value={op.otpauth_uri} size={128} bordered={false} />
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'u', label: '账号', children: op.username },
              { key: 'r', label: '角色', children: ROLE_LABEL[op.role] },
              {
                key: 'p',
                label: '一次性密码',
                children: (
                  <Typography.Text code copyable>
                    {op.password}
                  </Typography.Text>
                ),
              },
              {
                key: 's',
                label: '两步验证密钥',
                children: (
                  <Typography.Text code copyable={{ text: op.totp_secret }}>
                    {groupsOfFour(op.totp_secret)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Flex>
      </Flex>
    ),
    okText: '我已交付',
  });
}

function showPassword(username: string, password: string) {
  infoDialog({
    title: `${username} 的密码已重置`,
    content: (
      <Flex vertical gap={8}>
        <span>一次性密码（只显示这一次，下次登录须设置新密码）：</span>
        <Typography.Text code copyable style={{ fontSize: 18 }}>
          {password}
        </Typography.Text>
      </Flex>
    ),
    okText: '我已记下',
  });
}

const createAction: Action = {
  label: '创建操作员',
  description: '系统生成一次性密码和两步验证密钥，首次登录时绑定身份验证器并设置新密码。',
  initialValues: { role: 'support' },
  fields: (
    <>
      <Form.Item
        name="username"
        label="账号"
        rules={[
          {
            validator: async (_, v: string) => {
              if (!OPERATOR_USERNAME.test(v ?? '')) throw new Error(OPERATOR_MSG.usernameRule);
            },
          },
        ]}
      >
        <Input maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="display_name"
        label="姓名"
        rules={[{ required: true, whitespace: true, max: 32, message: OPERATOR_MSG.displayNameRule }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="role" label="角色" rules={[{ required: true, message: OPERATOR_MSG.roleRule }]}>
        <Select options={ROLE_OPTIONS} />
      </Form.Item>
    </>
  ),
  run: async ({ username, display_name, role, reason }) => {
    showCredentials(
      await createOperator({
        username: username ?? '',
        display_name: display_name ?? '',
        role: role ?? 'support',
        reason,
      }),
    );
    return undefined;
  },
};

type ManagedAction = Action & { key: string; permission: Permission };

function operatorActions(op: OperatorRow): ManagedAction[] {
  const who = `${op.display_name}（${op.username}）`;
  return [
    {
      key: 'role',
      permission: 'operators.set-role',
      label: '修改角色',
      description: `修改 ${who} 的角色，下一次请求起生效。`,
      row: { role: op.role },
      labels: { role: '角色' },
      shown: { role: (role) => ROLE_LABEL[role as OperatorRole] ?? String(role) },
      fields: (
        <Form.Item name="role" label="新角色" rules={[{ required: true, message: OPERATOR_MSG.roleRule }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      ),
      run: ({ role, reason }) => setOperatorRole(op.id, role ?? op.role, reason),
    },
    op.status === 1
      ? {
          key: 'disable',
          permission: 'operators.disable',
          label: '停用',
          danger: true,
          description: `停用 ${who}：立即结束其会话，其 API 密钥同时失效，直到重新启用。`,
          run: ({ reason }) => operatorAction(op.id, 'disable', reason),
        }
      : {
          key: 'enable',
          permission: 'operators.enable',
          label: '启用',
          description: `重新启用 ${who}。`,
          run: ({ reason }) => operatorAction(op.id, 'enable', reason),
        },
    {
      key: 'reset-password',
      permission: 'operators.reset-password',
      label: '重置密码',
      danger: true,
      description: `为 ${who} 生成一次性密码并结束其会话，下次登录须设置新密码。`,
      run: async ({ reason }) => {
        showPassword(op.username, await resetOperatorPassword(op.id, reason));
        return undefined;
      },
    },
    {
      key: 'reset-totp',
      permission: 'operators.reset-totp',
      label: '重置两步验证',
      danger: true,
      description: `清除 ${who} 的身份验证器绑定并结束其会话，下次登录时重新绑定。`,
      run: ({ reason }) => operatorAction(op.id, 'reset-totp', reason),
    },
    {
      key: 'unlock',
      permission: 'operators.unlock',
      label: '解除锁定',
      description: `清除 ${who} 的登录失败次数和锁定。`,
      run: ({ reason }) => operatorAction(op.id, 'unlock', reason),
    },
  ];
}

function OperatorsTable({ onAction }: { onAction: (a: Action) => void }) {
  const query = useQuery(operatorsQuery);
  const can = useCan();
  const { data: session } = useSession();
  return (
    <LabelledTable<OperatorRow>
      label="运营人员"
      size="middle"
      rowKey="id"
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '账号', dataIndex: 'username' },
        { title: '姓名', dataIndex: 'display_name' },
        {
          title: '角色',
          dataIndex: 'role',
          render: (r: OperatorRole) => <Tag color="blue">{ROLE_LABEL[r]}</Tag>,
        },
        {
          title: '状态',
          key: 'status',
          render: (_, o) => (
            <Flex gap={4}>
              {o.status === 1 ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>}
              {o.locked && <Tag color="red">已锁定</Tag>}
            </Flex>
          ),
        },
        {
          title: '两步验证',
          dataIndex: 'totp_enrolled',
          render: (enrolled: boolean) =>
            enrolled ? <Tag color="green">已绑定</Tag> : <Tag color="gold">待首次登录绑定</Tag>,
        },
        { title: '最后登录', dataIndex: 'last_sign_in_at', render: dash },
        { title: '最后登录IP', dataIndex: 'last_sign_in_ip', render: dash },
        { title: '创建时间', dataIndex: 'created_at' },
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_, o) => {
            if (o.id === session?.operator.id)
              return <Typography.Text type="secondary">本人</Typography.Text>;
            const actions = operatorActions(o).filter((a) => can(a.permission));
            if (actions.length === 0) return null;
            return (
              <Dropdown
                menu={{
                  items: actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
                  onClick: ({ key }) => {
                    const chosen = actions.find((a) => a.key === key);
                    if (chosen) onAction(chosen);
                  },
                }}
              >
                <Button size="small">管理</Button>
              </Dropdown>
            );
          },
        },
      ]}
    />
  );
}

function ApiKeysTable({ onAction }: { onAction: (a: Action) => void }) {
  const query = useQuery(allApiKeysQuery);
  const can = useCan();
  return (
    <LabelledTable<ApiKeyRow>
      label="API 密钥"
      size="middle"
      rowKey="id"
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
      columns={[
        { title: '操作员', dataIndex: 'operator' },
        { title: '用途', dataIndex: 'label' },
        {
          title: '密钥前缀',
          dataIndex: 'prefix',
          render: (p: string) => <Typography.Text code>{p}…</Typography.Text>,
        },
        { title: '创建时间', dataIndex: 'created_at' },
        { title: '最后使用', dataIndex: 'last_used_at', render: dash },
        {
          title: '状态',
          dataIndex: 'revoked_at',
          render: (r: string) => (r ? <Tag>已于 {r} 撤销</Tag> : <Tag color="green">有效</Tag>),
        },
        {
          title: '操作',
          key: 'revoke',
          render: (_, k) =>
            !k.revoked_at &&
            can('operators.revoke-api-key') && (
              <Button
                size="small"
                danger
                onClick={() =>
                  onAction({
                    label: '撤销 API 密钥',
                    danger: true,
                    description: `撤销 ${k.operator} 的密钥「${k.label}」（${k.prefix}…），使用它的脚本将立即失效。`,
                    run: ({ reason }) => revokeOperatorKey(k.id, reason),
                  })
                }
              >
                撤销
              </Button>
            ),
        },
      ]}
    />
  );
}

/** Operators and their access: roles, status, credentials, API keys. */
export function OperatorsPage() {
  const can = useCan();
  const [active, setActive] = useState<Action>();
  return (
    <Card
      title="操作员"
      extra={
        can('operators.create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setActive(createAction)}>
            创建操作员
          </Button>
        )
      }
    >
      <Tabs
        items={[
          { key: 'operators', label: '操作员', children: <OperatorsTable onAction={setActive} /> },
          { key: 'keys', label: 'API 密钥', children: <ApiKeysTable onAction={setActive} /> },
        ]}
      />
      <ReasonActionModal action={active} onClose={() => setActive(undefined)} />
    </Card>
  );
}
