import { REBATE_FIELDS, type RebateField, type VipLevelConfig } from '@app/contract/admin/config';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { usd } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { saveVipLevel, vipQuery } from '../api';

type LevelForm = Omit<VipLevelConfig, 'level'>;
const REBATES = Object.entries(REBATE_FIELDS) as [RebateField, string][];
const LEVEL_FIELD_LABELS: Record<string, string> = {
  name: '等级名称',
  recharge: '累计存款要求',
  flow: '累计流水要求',
  retention_flow: '保级流水（90天）',
  ...Object.fromEntries(REBATES.map(([key, label]) => [`rebates.${key}`, `${label}返水`])),
};

const levelFields = (
  <>
    <Form.Item
      name="name"
      label="等级名称"
      rules={[{ required: true, whitespace: true, message: '请填写等级名称' }]}
    >
      <Input maxLength={32} style={{ width: 200 }} />
    </Form.Item>
    <Space wrap>
      <Form.Item name="recharge" label="累计存款要求" rules={[{ required: true, message: '请输入' }]}>
        <InputNumber min={0} precision={2} prefix="$" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="flow" label="累计流水要求" rules={[{ required: true, message: '请输入' }]}>
        <InputNumber min={0} precision={2} prefix="$" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="retention_flow"
        label="保级流水（90天）"
        rules={[{ required: true, message: '请输入' }]}
      >
        <InputNumber min={0} precision={2} prefix="$" style={{ width: 160 }} />
      </Form.Item>
    </Space>
    <Space wrap>
      {REBATES.map(([key, label]) => (
        <Form.Item
          key={key}
          name={['rebates', key]}
          label={`${label}返水`}
          rules={[{ required: true, type: 'number', min: 0, max: 5, message: '返水比例应为 0-5%' }]}
        >
          <InputNumber min={0} max={5} precision={2} suffix="%" style={{ width: 110 }} />
        </Form.Item>
      ))}
    </Space>
  </>
);

/**
 * VIP等级: each level's requirements (cumulative deposits and valid bets), its retention turnover
 * and its rebate rate per game category. The superadmin edits them; the ladder must climb.
 */
export function VipPage() {
  const can = useCan();
  const { data, isPending } = useQuery(vipQuery);
  const [action, setAction] = useState<ReasonAction<LevelForm>>();
  const edit = (l: VipLevelConfig) => {
    const { level, ...row } = l;
    setAction({
      label: '修改VIP等级',
      description: `VIP${level}：保存后玩家的VIP页面与之后的返水计算立即采用新设置。`,
      fields: levelFields,
      labels: LEVEL_FIELD_LABELS,
      row,
      run: ({ reason, ...v }) => saveVipLevel(level, { ...v, reason }),
    });
  };

  const columns: TableColumnsType<VipLevelConfig> = [
    { key: 'level', title: '等级', render: (_: unknown, l) => `VIP${l.level}` },
    { key: 'name', dataIndex: 'name', title: '名称' },
    { key: 'recharge', title: '累计存款', align: 'right', render: (_: unknown, l) => usd(l.recharge) },
    { key: 'flow', title: '累计流水', align: 'right', render: (_: unknown, l) => usd(l.flow) },
    { key: 'retention', title: '保级流水', align: 'right', render: (_: unknown, l) => usd(l.retention_flow) },
    ...REBATES.map(([key, label]) => ({
      key,
      title: label,
      align: 'right' as const,
      render: (_: unknown, l: VipLevelConfig) => `${l.rebates[key].toFixed(2)}%`,
    })),
  ];
  if (can('vip.configure')) {
    columns.push({
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_: unknown, l) => (
        <Button size="small" type="primary" ghost onClick={() => edit(l)}>
          修改
        </Button>
      ),
    });
  }
  return (
    <Card title="VIP等级">
      <LabelledTable<VipLevelConfig>
        label="VIP等级"
        rowKey="level"
        size="middle"
        loading={isPending}
        columns={columns}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
