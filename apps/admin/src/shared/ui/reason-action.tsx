import { REASON_LENGTH } from '@app/contract/admin/fields';
import { Alert, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { confirmDialog, notify } from './feedback';

export interface ReasonAction<V extends object = object> {
  /** The action's name: the dialog's title and its confirmation's question. */
  label: string;
  /** What it does, said before it is done. */
  description: string;
  danger?: boolean;
  /** Fields besides the reason (which lock, which level...). */
  fields?: ReactNode;
  initialValues?: Partial<V>;
  /** Does it; answers the message to show (or nothing when it shows its own result). */
  run: (values: V & { reason: string }) => Promise<string | undefined>;
}

/**
 * An action that changes something: a dialog asks what and why (the reason is required and goes
 * to the audit log), then a confirmation asks again before anything is sent.
 */
export function ReasonActionModal<V extends object>(props: {
  action: ReasonAction<V> | undefined;
  onClose: () => void;
}) {
  const { action, onClose } = props;
  const [form] = Form.useForm<V & { reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!action) return;
    const values = await form.validateFields();
    confirmDialog({
      title: `确认${action.label}？`,
      content: `${action.description} 原因：${values.reason}`,
      okText: `确认${action.label}`,
      okButtonProps: { danger: action.danger },
      cancelText: '再想想',
      onOk: async () => {
        setBusy(true);
        try {
          const message = await action.run(values);
          if (message) notify.success(message);
          onClose();
        } catch (error) {
          notify.error((error as Error).message);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Modal
      title={action?.label}
      open={action !== undefined}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="下一步"
      cancelText="取消"
      okButtonProps={{ danger: action?.danger, loading: busy }}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {action && (
        <Form form={form} layout="vertical" initialValues={action.initialValues} preserve={false}>
          <Alert
            type={action.danger ? 'warning' : 'info'}
            showIcon
            title={action.description}
            style={{ marginBottom: 16 }}
          />
          {action.fields}
          <Form.Item
            name="reason"
            label="操作原因"
            rules={[
              {
                required: true,
                whitespace: true,
                min: REASON_LENGTH.min,
                max: REASON_LENGTH.max,
                message: `请填写操作原因（${REASON_LENGTH.min}-${REASON_LENGTH.max}字）`,
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={REASON_LENGTH.max}
              showCount
              placeholder="将记录在审计日志中"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
