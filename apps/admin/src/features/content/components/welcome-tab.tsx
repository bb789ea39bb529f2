import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Spin, Switch } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { saveWelcome, welcomeQuery } from '../api';
import { PlayerPreview, PreviewButton } from './player-preview';

/** The welcome popup of the player app's home: whether it shows, and what it says. */
export function WelcomeTab() {
  const can = useCan();
  const query = useQuery(welcomeQuery);
  const [form] = Form.useForm<{ enabled: boolean; content: string }>();
  const [preview, setPreview] = useState<string | null>(null);
  const [action, setAction] = useState<ReasonAction>();
  if (!query.data) return <Spin />;
  const save = (values: { enabled: boolean; content: string }) =>
    setAction({
      label: '保存欢迎弹窗',
      description: values.enabled ? '保存后玩家打开首页即看到新的欢迎弹窗。' : '保存后首页不再弹出欢迎弹窗。',
      run: ({ reason }) => saveWelcome({ ...values, reason }),
    });
  return (
    <Form form={form} layout="vertical" initialValues={query.data} onFinish={save} style={{ maxWidth: 720 }}>
      <Form.Item name="enabled" label="首页弹出" valuePropName="checked">
        <Switch checkedChildren="开启" unCheckedChildren="关闭" disabled={!can('content.edit')} />
      </Form.Item>
      <Form.Item name="content" label="弹窗内容（HTML）">
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} disabled={!can('content.edit')} />
      </Form.Item>
      <Form.Item>
        <PreviewButton source={() => form.getFieldValue('content') ?? ''} onPreview={setPreview} />
        {can('content.edit') && (
          <Button type="primary" htmlType="submit">
            保存
          </Button>
        )}
      </Form.Item>
      {preview !== null && <PlayerPreview title="公告" html={preview} />}
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Form>
  );
}
