import { REASON_LENGTH } from '@app/contract/admin/fields';
import { Alert, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { type Change, changesOf, patchOf, shownValue } from './changes';
import { confirmDialog, notify } from './feedback';

export interface ReasonAction<V extends object = object> {
  /** The action's name: the dialog's title and its confirmation's question. */
  label: string;
  /** What it does, said before it is done. */
  description: string;
  /** What the confirmation says, from the values entered (the description when absent). */
  confirm?: (values: V) => string;
  danger?: boolean;
  /** Fields besides the reason (which lock, which level...). */
  fields?: ReactNode;
  /** Defaults of a new thing's fields. */
  initialValues?: Partial<V>;
  /**
   * An edit: the values of the row it edits. The dialog opens with them, the confirmation lists
   * the fields that changed (before and after), and nothing is sent when nothing changed.
   */
  row?: Partial<V>;
  /** An edit's field names as the confirmation shows them, by path (`rebates.slot`). */
  labels?: Record<string, string>;
  /** An edit's values as the confirmation shows them, by path, where the stored value is a code (a role). */
  shown?: Record<string, (value: unknown) => string>;
  /**
   * Does it, with the form's values and (for an edit) only the fields changed; answers the
   * message to show (or nothing when it shows its own result).
   */
  run: (values: V & { reason: string }, changed?: Partial<V>) => Promise<string | undefined>;
}

function ChangeList(props: {
  changes: readonly Change[];
  labels: Record<string, string> | undefined;
  shown: Record<string, (value: unknown) => string> | undefined;
}) {
  return (
    <table aria-label="将要修改" style={{ width: '100%', borderCollapse: 'collapse', margin: '8px 0' }}>
      <thead>
        <tr style={{ textAlign: 'left' }}>
          <th>项目</th>
          <th>修改前</th>
          <th>修改后</th>
        </tr>
      </thead>
      <tbody>
        {props.changes.map((c) => {
          const key = c.path.join('.');
          const show = props.shown?.[key] ?? shownValue;
          return (
            <tr key={key}>
              <td>{props.labels?.[key] ?? key}</td>
              <td>{show(c.before)}</td>
              <td>{show(c.after)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One opening of the dialog: a form of its own, so that no other row's values carry over. */
function ReasonActionDialog<V extends object>(props: {
  action: ReasonAction<V> | undefined;
  onClose: () => void;
}) {
  const { action, onClose } = props;
  const [form] = Form.useForm<V & { reason: string }>();
  const [busy, setBusy] = useState(false);
  const [unchanged, setUnchanged] = useState(false);

  const submit = async () => {
    if (!action) return;
    const { reason, ...fields } = await form.validateFields();
    const values = { ...fields, reason } as V & { reason: string };
    const changes = action.row ? changesOf(action.row, fields) : [];
    setUnchanged(action.row !== undefined && changes.length === 0);
    if (action.row && changes.length === 0) return;
    confirmDialog({
      title: `确认${action.label}？`,
      content: (
        <>
          <p>{action.confirm?.(values) ?? action.description}</p>
          {action.row && <ChangeList changes={changes} labels={action.labels} shown={action.shown} />}
          <p>原因：{reason}</p>
        </>
      ),
      okText: `确认${action.label}`,
      okButtonProps: { danger: action.danger },
      cancelText: '再想想',
      onOk: async () => {
        setBusy(true);
        try {
          const message = await (action.row ? action.run(values, patchOf<V>(changes)) : action.run(values));
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
    >
      {action && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ...action.initialValues, ...action.row }}
          onValuesChange={() => setUnchanged(false)}
        >
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
          {unchanged && <Alert type="warning" showIcon title="没有修改任何内容，无需保存" />}
        </Form>
      )}
    </Modal>
  );
}

/**
 * An action that changes something: a dialog asks what and why (the reason is required and goes
 * to the audit log), then a confirmation asks again before anything is sent. Each action opened
 * gets a dialog (and a form) of its own.
 */
export function ReasonActionModal<V extends object>(props: {
  action: ReasonAction<V> | undefined;
  onClose: () => void;
}) {
  const [opened, setOpened] = useState({ action: props.action, count: 0 });
  if (props.action && props.action !== opened.action)
    setOpened({ action: props.action, count: opened.count + 1 });
  return <ReasonActionDialog key={opened.count} action={props.action} onClose={props.onClose} />;
}
