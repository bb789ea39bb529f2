import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { deleteMessage, sendMessage, sentMessagesQuery } from '../api';
import { PlayerPreview, PreviewButton } from '../components/player-preview';

type MessageForm = {
  to: 'player' | 'vip' | 'all';
  username?: string;
  vip?: number;
  title: string;
  content: string;
  promotional: boolean;
};

/** 站内信: send to one player, a VIP level or everyone; the latest sent, each can be taken back. */
export function MessagesPage() {
  const can = useCan();
  const [form] = Form.useForm<MessageForm>();
  const to = Form.useWatch('to', form);
  const sent = useQuery(sentMessagesQuery);
  const [preview, setPreview] = useState<string | null>(null);
  const [action, setAction] = useState<ReasonAction>();
  const send = (values: MessageForm) =>
    setAction({
      label: '发送站内信',
      description: `「${values.title}」发送给${
        values.to === 'player'
          ? `玩家 ${values.username}`
          : values.to === 'vip'
            ? `VIP${values.vip} 的玩家`
            : '全部玩家'
      }，发出后玩家立即收到。`,
      run: async ({ reason }) => {
        const result = await sendMessage({ ...values, reason });
        form.resetFields(['title', 'content', 'username']);
        setPreview(null);
        return `已发送 ${result.sent} 条`;
      },
    });
  return (
    <Row gutter={16}>
      {can('messages.send') && (
        <Col xs={24} xl={10}>
          <Card title="发送站内信">
            <Form
              form={form}
              layout="vertical"
              initialValues={{ to: 'player', vip: 1, promotional: true }}
              onFinish={send}
            >
              <Form.Item name="to" label="发送给">
                <Radio.Group
                  options={[
                    { value: 'player', label: '指定玩家' },
                    { value: 'vip', label: 'VIP 等级' },
                    { value: 'all', label: '全部玩家' },
                  ]}
                />
              </Form.Item>
              {to === 'player' && (
                <Form.Item
                  name="username"
                  label="玩家用户名"
                  rules={[{ required: true, message: '请填写玩家用户名' }]}
                >
                  <Input />
                </Form.Item>
              )}
              {to === 'vip' && (
                <Form.Item
                  name="vip"
                  label="VIP 等级"
                  rules={[{ required: true, message: '请填写 VIP 等级' }]}
                >
                  <InputNumber min={0} max={99} />
                </Form.Item>
              )}
              <Form.Item name="title" label="标题" rules={[{ required: true, message: '请填写标题' }]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item
                name="content"
                label="内容（HTML）"
                rules={[{ required: true, message: '请填写内容' }]}
              >
                <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} />
              </Form.Item>
              <Form.Item
                name="promotional"
                label="推广消息"
                valuePropName="checked"
                extra="推广消息不会发给处于冷静期或自我禁止中的玩家；服务通知（关闭此项）所有玩家都会收到。"
              >
                <Switch checkedChildren="推广" unCheckedChildren="服务通知" />
              </Form.Item>
              <Form.Item>
                <PreviewButton source={() => form.getFieldValue('content') ?? ''} onPreview={setPreview} />
                <Button type="primary" htmlType="submit">
                  发送
                </Button>
              </Form.Item>
            </Form>
            {preview !== null && <PlayerPreview title={form.getFieldValue('title')} html={preview} />}
          </Card>
        </Col>
      )}
      <Col xs={24} xl={can('messages.send') ? 14 : 24}>
        <Card title="最近发送（200 条）">
          <LabelledTable
            label="最近发送"
            rowKey="id"
            size="middle"
            loading={sent.isPending}
            dataSource={sent.data ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { key: 'username', title: '玩家', dataIndex: 'username' },
              { key: 'title', title: '标题', dataIndex: 'title' },
              { key: 'created_at', title: '发送时间', dataIndex: 'created_at', width: 180 },
              {
                key: 'read',
                title: '状态',
                width: 90,
                render: (_, m) => <Tag color={m.read ? 'green' : 'gold'}>{m.read ? '已读' : '未读'}</Tag>,
              },
              ...(can('content.delete')
                ? [
                    {
                      key: 'delete',
                      title: '操作',
                      width: 90,
                      render: (_: unknown, m: { id: number; username: string; title: string }) => (
                        <Button
                          size="small"
                          danger
                          onClick={() =>
                            setAction({
                              label: '撤回站内信',
                              description: `撤回发给 ${m.username} 的「${m.title}」，玩家不再能看到。`,
                              danger: true,
                              run: ({ reason }) => deleteMessage(m.id, reason),
                            })
                          }
                        >
                          撤回
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      </Col>
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Row>
  );
}
