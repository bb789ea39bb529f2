import {
  CHANNEL_KIND_LABEL,
  type ChannelConfig,
  type PaymentSettings,
  type ReceivingAccountConfig,
} from '@app/contract/admin/config';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, InputNumber, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { usd } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { paymentConfigQuery, saveAccount, saveChannel, savePaymentSettings } from '../api';
import { AccountFields } from '../components/account-fields';
import { ChannelFields } from '../components/channel-fields';

interface ChannelForm {
  enabled: boolean;
  sort: number;
  type: 'range' | 'fixed';
  min?: number;
  max?: number;
  values?: string[];
}
type AccountForm = Omit<ReceivingAccountConfig, 'id'>;

const ruleText = (c: ChannelConfig) =>
  c.amount_rule.type === 'range'
    ? `${usd(c.amount_rule.min)} - ${usd(c.amount_rule.max)}`
    : `固定：${c.amount_rule.values.join('、')}`;

function channelAction(c: ChannelConfig): ReasonAction<ChannelForm> {
  const rule = c.amount_rule;
  return {
    label: '修改支付渠道',
    description: `${c.name}（${CHANNEL_KIND_LABEL[c.kind]}）：保存后玩家的充值页面立即按新规则校验金额。`,
    fields: <ChannelFields />,
    labels: {
      enabled: '开放',
      sort: '排序',
      type: '金额规则',
      min: '最低金额',
      max: '最高金额',
      values: '固定金额',
    },
    row: {
      enabled: c.enabled,
      sort: c.sort,
      type: rule.type,
      ...(rule.type === 'range' ? { min: rule.min, max: rule.max } : { values: rule.values.map(String) }),
    },
    run: ({ reason, enabled, sort, type, min, max, values }) =>
      saveChannel(c.code, {
        enabled,
        sort,
        reason,
        amount_rule:
          type === 'fixed'
            ? { type, values: (values ?? []).map(Number) }
            : { type, min: min ?? 0, max: max ?? 0 },
      }),
  };
}

function accountAction(a?: ReceivingAccountConfig): ReasonAction<AccountForm> {
  return {
    label: a ? '修改收款账户' : '新增收款账户',
    description: a
      ? `${a.bank_name} ${a.number}：保存后玩家充值时看到的收款信息立即更新。`
      : '新增的账户启用后，玩家充值时即可看到。',
    fields: <AccountFields />,
    initialValues: a ?? { kind: 'bank', enabled: true, sort: 0, note: '' },
    run: ({ reason, ...v }) =>
      saveAccount(a?.id, {
        ...v,
        bank_name: v.kind === 'usdt' ? 'USDT' : v.bank_name,
        number: v.number.trim(),
        note: v.note ?? '',
        reason,
      }),
  };
}

function SettingsForm(props: {
  settings: PaymentSettings;
  editable: boolean;
  ask: (a: ReasonAction) => void;
}) {
  const { settings, editable, ask } = props;
  const [form] = Form.useForm<PaymentSettings>();
  const submit = async () => {
    const v = await form.validateFields();
    ask({
      label: '保存汇率与取款设置',
      description: `USDT汇率 ${v.usdt_rate}，TRC20 手续费 ${v.withdraw_fees.trc20}，ERC20 手续费 ${v.withdraw_fees.erc20}，最低取款 ${v.withdraw_min}。保存后立即生效。`,
      run: ({ reason }) => savePaymentSettings({ ...v, reason }),
    });
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={settings}
      disabled={!editable}
      aria-label="汇率与取款设置"
      style={{ rowGap: 12 }}
    >
      <Form.Item
        name="usdt_rate"
        label="USDT汇率（1元可兑U）"
        rules={[{ required: true, message: '请输入USDT汇率' }]}
      >
        <InputNumber min={0.0001} max={1000} step={0.0001} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item
        name={['withdraw_fees', 'trc20']}
        label="TRC20 手续费"
        rules={[{ required: true, message: '请输入手续费' }]}
      >
        <InputNumber min={0} precision={2} prefix="U" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name={['withdraw_fees', 'erc20']}
        label="ERC20 手续费"
        rules={[{ required: true, message: '请输入手续费' }]}
      >
        <InputNumber min={0} precision={2} prefix="U" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name="withdraw_min"
        label="最低取款"
        rules={[{ required: true, type: 'number', min: 100, message: '最低取款金额不能低于100' }]}
      >
        <InputNumber min={100} precision={2} prefix="$" style={{ width: 140 }} />
      </Form.Item>
      {editable && (
        <Form.Item>
          <Button type="primary" onClick={() => void submit().catch(() => {})}>
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

/**
 * 支付配置: the deposit channels (open, order, range or fixed amounts), the receiving accounts
 * (bank accounts, USDT addresses per protocol), the USDT rate, withdrawal fees and minimum. 财务
 * and the superadmin edit them; each save asks for a reason and a confirmation.
 */
export function PaymentsPage() {
  const can = useCan();
  const editable = can('payments.configure');
  const { data } = useQuery(paymentConfigQuery);
  const [channel, setChannel] = useState<ReasonAction<ChannelForm>>();
  const [account, setAccount] = useState<ReasonAction<AccountForm>>();
  const [settingsAction, setSettingsAction] = useState<ReasonAction>();

  const channelColumns: TableColumnsType<ChannelConfig> = [
    { key: 'name', dataIndex: 'name', title: '渠道' },
    { key: 'kind', title: '类型', render: (_: unknown, c) => CHANNEL_KIND_LABEL[c.kind] },
    {
      key: 'enabled',
      title: '状态',
      render: (_: unknown, c) => (c.enabled ? <Tag color="green">开放</Tag> : <Tag>关闭</Tag>),
    },
    { key: 'sort', dataIndex: 'sort', title: '排序' },
    { key: 'rule', title: '金额规则', render: (_: unknown, c) => ruleText(c) },
  ];
  const accountColumns: TableColumnsType<ReceivingAccountConfig> = [
    {
      key: 'kind',
      title: '类型',
      render: (_: unknown, a) => (a.kind === 'usdt' ? `USDT（${a.owner}）` : '银行账户'),
    },
    { key: 'bank_name', dataIndex: 'bank_name', title: '银行' },
    { key: 'owner', title: '开户人', render: (_: unknown, a) => (a.kind === 'usdt' ? '—' : a.owner) },
    { key: 'number', dataIndex: 'number', title: '账号 / 地址' },
    { key: 'note', dataIndex: 'note', title: '备注' },
    {
      key: 'enabled',
      title: '状态',
      render: (_: unknown, a) => (a.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { key: 'sort', dataIndex: 'sort', title: '排序' },
  ];
  if (editable) {
    channelColumns.push({
      key: 'actions',
      title: '操作',
      render: (_: unknown, c) => (
        <Button size="small" type="primary" ghost onClick={() => setChannel(channelAction(c))}>
          修改
        </Button>
      ),
    });
    accountColumns.push({
      key: 'actions',
      title: '操作',
      render: (_: unknown, a) => (
        <Button size="small" type="primary" ghost onClick={() => setAccount(accountAction(a))}>
          修改
        </Button>
      ),
    });
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="支付渠道">
        <LabelledTable<ChannelConfig>
          label="支付渠道"
          rowKey="code"
          size="middle"
          columns={channelColumns}
          dataSource={data?.channels ?? []}
          pagination={false}
          loading={!data}
        />
      </Card>
      <Card
        title="收款账户"
        extra={
          editable && (
            <Button type="primary" onClick={() => setAccount(accountAction())}>
              新增收款账户
            </Button>
          )
        }
      >
        <LabelledTable<ReceivingAccountConfig>
          label="收款账户"
          rowKey="id"
          size="middle"
          columns={accountColumns}
          dataSource={data?.accounts ?? []}
          pagination={false}
          loading={!data}
        />
      </Card>
      <Card title="汇率与取款">
        <Flex>
          {data && (
            <SettingsForm
              key={JSON.stringify(data.settings)}
              settings={data.settings}
              editable={editable}
              ask={setSettingsAction}
            />
          )}
        </Flex>
      </Card>
      <ReasonActionModal action={channel} onClose={() => setChannel(undefined)} />
      <ReasonActionModal action={account} onClose={() => setAccount(undefined)} />
      <ReasonActionModal action={settingsAction} onClose={() => setSettingsAction(undefined)} />
    </Space>
  );
}
