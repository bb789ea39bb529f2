import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RedPacketConfig } from '@app/contract/admin/config';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { redPacketQuery, saveRedPackets } from '../api';

const TIME = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式应为 HH:MM' };
const NEW_RULE = {
  start_time: '10:00',
  end_time: '12:00',
  recharge: 0,
  day_flow: 0,
  min_money: 1,
  flow_money: 8,
};

/**
 * 红包配置: the switch and the rules (each a grab a day for the players who qualify: the window,
 * the deposits and valid bets required, the packet's bounds). 运营 and the superadmin edit them.
 */
export function RedPacketsPage() {
  const can = useCan();
  const editable = can('promotions.configure');
  const { data } = useQuery(redPacketQuery);
  const [form] = Form.useForm<RedPacketConfig>();
  const [action, setAction] = useState<ReasonAction>();

  const submit = async () => {
    const v = await form.validateFields();
    setAction({
      label: '保存红包配置',
      description: `红包${v.enabled ? '开启' : '关闭'}，共 ${v.rules.length} 条规则。保存后立即生效。`,
      danger: !v.enabled,
      run: ({ reason }) => saveRedPackets({ ...v, reason }),
    });
  };

  return (
    <Card title="红包配置">
      {data && (
        <Form
          form={form}
          key={JSON.stringify(data)}
          initialValues={data}
          disabled={!editable}
          layout="vertical"
          aria-label="红包配置"
        >
          <Form.Item name="enabled" label="红包活动" valuePropName="checked">
            <Switch checkedChildren="开启" unCheckedChildren="关闭" />
          </Form.Item>
          <Typography.Text type="secondary">
            每条规则：玩家在统计周期内的存款与有效投注达到要求，即可在时间段内领取一个红包（金额在最小与最大之间随机）。
          </Typography.Text>
          <Form.List name="rules">
            {(fields, { add, remove }) => (
              <div style={{ marginTop: 16 }}>
                {fields.map(({ key, name }) => (
                  <Space
                    key={key}
                    align="start"
                    wrap
                    style={{ display: 'flex' }}
                    aria-label={`规则 ${name + 1}`}
                  >
                    <Form.Item name={[name, 'start_time']} label="开始" rules={[{ required: true, ...TIME }]}>
                      <Input style={{ width: 80 }} maxLength={5} />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'end_time']}
                      label="结束"
                      dependencies={[['rules', name, 'start_time']]}
                      rules={[
                        { required: true, ...TIME },
                        ({ getFieldValue }) => ({
                          validator: async (_r, v: string) => {
                            if (v <= getFieldValue(['rules', name, 'start_time']))
                              throw new Error('结束时间应晚于开始时间');
                          },
                        }),
                      ]}
                    >
                      <Input style={{ width: 80 }} maxLength={5} />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'recharge']}
                      label="存款要求"
                      rules={[{ required: true, message: '请输入' }]}
                    >
                      <InputNumber min={0} precision={2} prefix="$" style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'day_flow']}
                      label="流水要求"
                      rules={[{ required: true, message: '请输入' }]}
                    >
                      <InputNumber min={0} precision={2} prefix="$" style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'min_money']}
                      label="红包最小"
                      rules={[{ required: true, message: '请输入' }]}
                    >
                      <InputNumber min={0.01} precision={2} prefix="$" style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'flow_money']}
                      label="红包最大"
                      dependencies={[['rules', name, 'min_money']]}
                      rules={[
                        { required: true, message: '请输入' },
                        ({ getFieldValue }) => ({
                          validator: async (_r, v: number) => {
                            if (v < getFieldValue(['rules', name, 'min_money']))
                              throw new Error('不能小于最小金额');
                          },
                        }),
                      ]}
                    >
                      <InputNumber min={0.01} precision={2} prefix="$" style={{ width: 120 }} />
                    </Form.Item>
                    {editable && (
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          danger
                          onClick={() => remove(name)}
                          aria-label="删除规则"
                        />
                      </Form.Item>
                    )}
                  </Space>
                ))}
                {editable && fields.length < 20 && (
                  <Button icon={<PlusOutlined />} onClick={() => add(NEW_RULE)}>
                    添加规则
                  </Button>
                )}
              </div>
            )}
          </Form.List>
          {editable && (
            <Button type="primary" style={{ marginTop: 24 }} onClick={() => void submit().catch(() => {})}>
              保存
            </Button>
          )}
        </Form>
      )}
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
