import { UploadOutlined } from '@ant-design/icons';
import type { ContentKind, ContentRow } from '@app/contract/admin/content';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Image, Input, Select, Switch, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '@/shared/ui/feedback';
import type { ReasonAction } from '@/shared/ui/reason-action';
import { contentQuery, saveContent, uploadImage } from '../api';
import { apiValues, type FieldSpec, FORMS, formValues } from '../lib/fields';
import { PlayerPreview, PreviewButton } from './player-preview';

/** An HTML field: the source, and on demand the server's sanitised HTML as the player app shows it. */
function HtmlField({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 4, maxRows: 14 }}
      />
      <div>
        <PreviewButton small source={() => value ?? ''} onPreview={setPreview} />
      </div>
      {preview !== null && <PlayerPreview html={preview} />}
    </Flex>
  );
}

/** An image field: an uploaded image (checked by the server) or an address typed in. */
function ImageField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="/media/... 或 https://..."
        />
        <Upload
          accept="image/png,image/jpeg,image/gif"
          showUploadList={false}
          customRequest={({ file }) => {
            setBusy(true);
            uploadImage(file as File)
              .then(
                (image) => {
                  onChange?.(image.url);
                  notify.success(`已上传（${image.width}×${image.height}）`);
                },
                (e: Error) => notify.error(e.message),
              )
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            上传
          </Button>
        </Upload>
      </Flex>
      {value && <Image src={value} alt="图片预览" height={80} style={{ objectFit: 'contain' }} />}
    </Flex>
  );
}

/** The input of a field: Form.Item hands it the value, onChange and id. */
function fieldInput(field: FieldSpec, editing: boolean, types: { value: number; label: string }[]) {
  switch (field.kind) {
    case 'html':
      return <HtmlField />;
    case 'image':
      return <ImageField />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />;
    case 'switch':
      return <Switch checkedChildren="发布" unCheckedChildren="草稿" />;
    case 'select':
      return (
        <Select
          options={field.options === 'activity-types' ? types : field.options}
          disabled={editing && field.fixed}
        />
      );
    default:
      return <Input />;
  }
}

/** Creates or edits one row of `kind` in a drawer; the server's message says how it went. */
export function ContentForm(props: {
  kind: ContentKind;
  label: string;
  row: ContentRow | undefined;
  open: boolean;
  onClose: () => void;
  /** Asks for the confirmation and the reason of the save. */
  ask: (action: ReasonAction) => void;
}) {
  const { kind, label, row, open, onClose, ask } = props;
  const [form] = Form.useForm();
  const editing = row !== undefined;
  const typeList = useQuery({ ...contentQuery('activity-types'), enabled: kind === 'activities' });
  const types = (typeList.data ?? []).map((t) => ({ value: Number(t.id), label: String(t.name) }));
  const save = (values: Record<string, unknown>) =>
    ask({
      label: `保存${label}`,
      description: editing
        ? `「${String(values.title ?? values.text ?? values.name ?? row?.id)}」的修改保存后玩家端立即更新。`
        : `新建的${label}保存后${values.enabled === false ? '暂不发布' : '玩家端立即可见'}。`,
      run: async ({ reason }) => {
        const message = await saveContent(
          kind,
          row ? String(row.id) : undefined,
          apiValues(kind, values),
          reason,
        );
        onClose();
        return message;
      },
    });
  return (
    <Drawer
      title={`${editing ? '编辑' : '新建'}${label}`}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={() => form.submit()}>
          保存
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={formValues(kind, row)}
        onFinish={save}
        preserve={false}
      >
        {FORMS[kind].map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={field.help}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
            rules={field.required ? [{ required: true, message: `请填写${field.label}` }] : undefined}
          >
            {fieldInput(field, editing, types)}
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
