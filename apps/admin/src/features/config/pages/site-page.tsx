import type { SiteConfig } from '@app/contract/admin/config';
import { isHttpAddress } from '@app/contract/url';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { saveSite, siteQuery } from '../api';

interface SiteForm extends Omit<SiteConfig, 'site_state'> {
  /** On: the site is in maintenance (site_state 0). */
  maintenance: boolean;
}

const addressRule = (label: string) => ({
  validator: async (_r: unknown, v: string | undefined) => {
    if (!isHttpAddress((v ?? '').trim()))
      throw new Error(`${label}只能是 http:// 或 https:// 开头的地址，或本站路径`);
  },
});

/**
 * 站点设置: maintenance mode and its text (the player app shows it instead of the site), the
 * customer-service address and the app download addresses. The superadmin edits them.
 */
export function SitePage() {
  const can = useCan();
  const editable = can('settings.site');
  const { data } = useQuery(siteQuery);
  const [form] = Form.useForm<SiteForm>();
  const [action, setAction] = useState<ReasonAction>();

  const submit = async () => {
    const { maintenance, ...v } = await form.validateFields();
    setAction({
      label: '保存站点设置',
      description: maintenance
        ? `站点将进入维护模式，玩家端显示：“${v.repair_tips}”。`
        : '站点保持开放；客服与下载地址保存后立即生效。',
      danger: maintenance,
      run: ({ reason }) => saveSite({ ...v, site_state: maintenance ? 0 : 1, reason }),
    });
  };

  return (
    <Card title="站点设置">
      {data && (
        <Form<SiteForm>
          form={form}
          key={JSON.stringify(data)}
          layout="vertical"
          disabled={!editable}
          initialValues={{ ...data, maintenance: data.site_state === 0 }}
          style={{ maxWidth: 640 }}
          aria-label="站点设置"
        >
          {data.site_state === 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="站点当前处于维护模式，玩家无法使用。"
            />
          )}
          <Form.Item name="maintenance" label="维护模式" valuePropName="checked">
            <Switch checkedChildren="维护中" unCheckedChildren="开放" />
          </Form.Item>
          <Form.Item
            name="repair_tips"
            label="维护公告"
            rules={[{ required: true, whitespace: true, max: 200, message: '请填写维护公告（最多200字）' }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
          <Form.Item name="service_url" label="客服地址" rules={[addressRule('客服地址')]}>
            <Input placeholder="https://..." />
          </Form.Item>
          <Form.Item name="h5_url" label="H5 地址" rules={[addressRule('H5 地址')]}>
            <Input placeholder="https://...（留空为当前地址）" />
          </Form.Item>
          <Form.Item name="ios_download_url" label="APP 下载地址" rules={[addressRule('APP 下载地址')]}>
            <Input placeholder="https://..." />
          </Form.Item>
          <Form.Item
            name="ios_download_qrcode"
            label="下载二维码地址"
            rules={[addressRule('下载二维码地址')]}
          >
            <Input placeholder="/art/app-qr.svg" />
          </Form.Item>
          {editable && (
            <Button type="primary" onClick={() => void submit().catch(() => {})}>
              保存
            </Button>
          )}
        </Form>
      )}
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
