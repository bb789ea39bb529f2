import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { OPERATOR_MSG } from '@app/contract/admin/auth';
import type { ApiKeyRow } from '@app/contract/admin/operators';
import { PERMISSIONS, ROLE_LABEL } from '@app/contract/admin/roles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, Form, Input, Popconfirm, Row, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PATH } from '@/shared/routes/table';
import { useSession } from '@/shared/session/session';
import { confirmDialog, infoDialog, notify } from '@/shared/ui/feedback';
import { LongText, Time } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { createApiKey, myApiKeysQuery, mySessionsQuery, revokeApiKey } from '../api/account';
import { changePassword, signOutEverywhere } from '../api/sign-in';
import { NewPasswordFields } from '../components/new-password-fields';

function PasswordCard() {
  const [form] = Form.useForm<{ current: string; password: string; confirm: string }>();
  const mutation = useMutation({
    mutationFn: (v: { current: string; password: string }) => changePassword(v),
    onSuccess: () => {
      form.resetFields();
      notify.success('密码已修改，其他设备上的登录已结束');
    },
  });
  const submit = (v: { current: string; password: string }) =>
    confirmDialog({
      title: '确认修改密码？',
      content: '修改后，您在其他设备上的登录会全部结束。',
      okText: '确认修改',
      onOk: () => mutation.mutateAsync({ current: v.current, password: v.password }).catch(() => {}),
    });
  return (
    <Card title="修改密码">
      <Form form={form} layout="vertical" onFinish={submit} aria-label="修改密码" style={{ maxWidth: 420 }}>
        <Form.Item
          name="current"
          label="当前密码"
          rules={[{ required: true, message: OPERATOR_MSG.passwordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}

/** Sign-out everywhere ends console sessions only: API keys are credentials of their own. */
const KEYS_STAY = 'API 密钥不受影响，仍可使用；如需停用，请在「API 密钥」中撤销。';

function SessionsCard() {
  const query = useQuery(mySessionsQuery);
  const navigate = useNavigate();
  const everywhere = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: (message) => {
      notify.success(message);
      navigate(PATH.signIn, { replace: true });
    },
  });
  return (
    <Card
      title="登录会话"
      extra={
        <Popconfirm
          title="退出所有设备？"
          description={`包括当前这台设备，所有会话立即结束。${KEYS_STAY}`}
          okText="全部退出"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => everywhere.mutateAsync().catch(() => {})}
        >
          <Button danger icon={<LogoutOutlined />} loading={everywhere.isPending}>
            退出所有设备
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">
        退出所有设备只结束控制台的登录会话。{KEYS_STAY}
      </Typography.Paragraph>
      <LabelledTable
        label="登录会话"
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: '登录时间', dataIndex: 'created_at', render: (t: string) => <Time value={t} /> },
          { title: '最后活动', dataIndex: 'last_seen_at', render: (t: string) => <Time value={t} /> },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: '设备',
            dataIndex: 'user_agent',
            render: (ua: string, s) => (
              <Flex gap={6} align="center">
                {s.current && <Tag color="blue">当前</Tag>}
                <LongText text={ua || '—'} width={240} />
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}

function showKey(key: string) {
  infoDialog({
    title: 'API 密钥已创建',
    width: 600,
    content: (
      <Flex vertical gap={8}>
        <span>密钥只显示这一次。脚本中设置环境变量后使用 npm run ops：</span>
        <Typography.Text
          code
          copyable={{ text: key }}
          data-testid="new-api-key"
          style={{ wordBreak: 'break-all' }}
        >
          {`OPS_API_KEY=${key}`}
        </Typography.Text>
      </Flex>
    ),
    okText: '我已保存',
  });
}

function ApiKeysCard() {
  const query = useQuery(myApiKeysQuery);
  const [form] = Form.useForm<{ label: string }>();
  const create = useMutation({
    mutationFn: (label: string) => createApiKey(label),
    onSuccess: (created) => {
      form.resetFields();
      showKey(created.key);
    },
  });
  const revoke = useMutation({ mutationFn: revokeApiKey, onSuccess: (message) => notify.success(message) });
  return (
    <Card
      title="API 密钥"
      extra={
        <Typography.Text type="secondary">脚本以您的身份和权限操作，每次操作记入审计日志</Typography.Text>
      }
    >
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => create.mutate(v.label.trim())}
        style={{ marginBottom: 16 }}
        aria-label="创建 API 密钥"
      >
        <Form.Item
          name="label"
          rules={[{ required: true, whitespace: true, max: 64, message: OPERATOR_MSG.keyLabelRule }]}
        >
          <Input placeholder="用途，例如：每日对账脚本" maxLength={64} style={{ width: 280 }} />
        </Form.Item>
        <Popconfirm
          title="创建新的 API 密钥？"
          description="持有密钥即可以您的权限调用后台接口，请妥善保管。"
          okText="创建"
          cancelText="取消"
          onConfirm={() => form.submit()}
        >
          <Button type="primary" icon={<KeyOutlined />} loading={create.isPending}>
            创建密钥
          </Button>
        </Popconfirm>
      </Form>
      <LabelledTable<ApiKeyRow>
        label="API 密钥"
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无 API 密钥' }}
        columns={[
          { title: '用途', dataIndex: 'label' },
          {
            title: '密钥前缀',
            dataIndex: 'prefix',
            render: (p: string) => <Typography.Text code>{p}…</Typography.Text>,
          },
          { title: '创建时间', dataIndex: 'created_at' },
          { title: '最后使用', dataIndex: 'last_used_at', render: (v: string) => v || '—' },
          {
            title: '状态',
            key: 'state',
            render: (_, k) =>
              k.revoked_at ? (
                <Tag>已撤销</Tag>
              ) : (
                <Popconfirm
                  title="撤销这个密钥？"
                  description="使用它的脚本将立即失效。"
                  okText="撤销"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(k.id).catch(() => {})}
                >
                  <Button size="small" danger>
                    撤销
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** The operator's own account: who they are, their password, their sessions, their API keys. */
export function AccountPage() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Flex vertical gap={16}>
      <Card title="我的账号">
        <Descriptions
          column={3}
          items={[
            { key: 'u', label: '账号', children: session.operator.username },
            { key: 'n', label: '姓名', children: session.operator.display_name },
            {
              key: 'r',
              label: '角色',
              children: <Tag color="blue">{ROLE_LABEL[session.operator.role]}</Tag>,
            },
            { key: 'i', label: '空闲超时', children: `${session.idle_minutes} 分钟无操作自动退出` },
            { key: 't', label: '两步验证', children: <Tag color="green">已绑定</Tag> },
          ]}
        />
        <Typography.Text type="secondary">角色权限</Typography.Text>
        <Flex wrap gap={6} style={{ marginTop: 8 }} aria-label="角色权限">
          {session.permissions.map((p) => (
            <Tag key={p}>{PERMISSIONS[p].label}</Tag>
          ))}
        </Flex>
      </Card>
      <Row gutter={16}>
        <Col span={10}>
          <PasswordCard />
        </Col>
        <Col span={14}>
          <SessionsCard />
        </Col>
      </Row>
      <ApiKeysCard />
    </Flex>
  );
}
