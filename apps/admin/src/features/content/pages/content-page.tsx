import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTENT_COLUMNS,
  CONTENT_KIND_LABEL,
  CONTENT_KINDS,
  type ContentKind,
  type ContentRow,
  ORDERED,
  PUBLISHABLE,
} from '@app/contract/admin/content';
import type { Row } from '@app/contract/admin/players';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Image, Switch, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { ExportButton } from '@/shared/ui/export-button';
import { saveCsv } from '@/shared/ui/export-pages';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { contentQuery, deleteContent, orderContent, publishContent } from '../api';
import { ContentForm } from '../components/content-form';
import { WelcomeTab } from '../components/welcome-tab';
import { ARTICLE_OPTIONS } from '../lib/fields';

/** How the confirmation names a row: its title, its text or its name. */
const rowName = (r: ContentRow) => String(r.title ?? r.text ?? r.name ?? r.id);
/** A content row as a list's CSV takes it: a published switch as its state (1 published, 0 not). */
const exportRow = (r: ContentRow): Row =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]));
/** A row's picture, named by the row's title (its preview opens on a click). */
const thumbnail = (src: unknown, title: unknown, width: number) => (
  <Image
    src={String(src)}
    alt={String(title ?? '')}
    width={width}
    height={50}
    style={{ objectFit: 'cover' }}
  />
);
const text = (v: ContentRow[string]) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** The columns that say what a row is, by kind. */
const DESCRIBED: Record<ContentKind, TableColumnsType<ContentRow>> = {
  banners: [
    {
      key: 'image',
      title: '图片',
      width: 150,
      render: (_, r) => thumbnail(r.image, r.title, 125),
    },
    { key: 'title', title: '标题', dataIndex: 'title' },
    { key: 'link', title: '跳转', dataIndex: 'link', render: text },
  ],
  'home-notices': [{ key: 'text', title: '公告内容', dataIndex: 'text' }],
  notices: [
    { key: 'title', title: '标题', dataIndex: 'title' },
    { key: 'created_at', title: '发布时间', dataIndex: 'created_at', width: 180 },
  ],
  activities: [
    {
      key: 'banner',
      title: '图片',
      width: 150,
      render: (_, r) => thumbnail(r.banner, r.title, 125),
    },
    { key: 'title', title: '标题', dataIndex: 'title' },
    { key: 'created_at', title: '创建时间', dataIndex: 'created_at', width: 180 },
  ],
  'activity-types': [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
    { key: 'name', title: '类型名称', dataIndex: 'name' },
  ],
  articles: [
    {
      key: 'article',
      title: '文章',
      width: 220,
      render: (_, r) => ARTICLE_OPTIONS.find((o) => o.value === r.id)?.label ?? String(r.id),
    },
    { key: 'title', title: '标题', dataIndex: 'title' },
  ],
  sponsors: [
    {
      key: 'image',
      title: '图片',
      width: 150,
      render: (_, r) => thumbnail(r.image, r.title, 96),
    },
    { key: 'title', title: '标题', dataIndex: 'title' },
    { key: 'subtitle', title: '副标题', dataIndex: 'subtitle' },
  ],
};

function KindTab({ kind }: { kind: ContentKind }) {
  const can = useCan();
  const query = useQuery(contentQuery(kind));
  const [editing, setEditing] = useState<{ row?: ContentRow } | null>(null);
  const [action, setAction] = useState<ReasonAction>();
  const rows = query.data ?? [];
  const label = CONTENT_KIND_LABEL[kind];
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (!row) return;
    next.splice(index + by, 0, row);
    setAction({
      label: `调整${label}顺序`,
      description: `「${rowName(row)}」${by < 0 ? '上移' : '下移'}一位，玩家端按新顺序显示。`,
      run: ({ reason }) => orderContent(kind, next, reason),
    });
  };

  const columns: TableColumnsType<ContentRow> = [...DESCRIBED[kind]];
  if (PUBLISHABLE.includes(kind)) {
    columns.push({
      key: 'enabled',
      title: '状态',
      width: 120,
      render: (_, r) =>
        can('content.publish') ? (
          <Switch
            checked={r.enabled === true}
            checkedChildren="已发布"
            unCheckedChildren="未发布"
            onChange={(on) =>
              setAction({
                label: on ? `发布${label}` : `下架${label}`,
                description: `「${rowName(r)}」${on ? '发布后玩家端立即显示。' : '下架后玩家端立即不再显示。'}`,
                danger: !on,
                run: ({ reason }) => publishContent(kind, String(r.id), on, reason),
              })
            }
          />
        ) : (
          <Tag color={r.enabled ? 'green' : 'default'}>{r.enabled ? '已发布' : '未发布'}</Tag>
        ),
    });
  }
  if (ORDERED.includes(kind) && can('content.edit')) {
    columns.push({
      key: 'order',
      title: '顺序',
      width: 100,
      render: (_, _r, i) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            onClick={() => move(i, -1)}
            aria-label="上移"
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={i === rows.length - 1}
            onClick={() => move(i, 1)}
            aria-label="下移"
          />
        </Flex>
      ),
    });
  }
  if (can('content.edit') || can('content.delete')) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 140,
      render: (_, r) => (
        <Flex gap={8}>
          {can('content.edit') && (
            <Button size="small" onClick={() => setEditing({ row: r })}>
              编辑
            </Button>
          )}
          {can('content.delete') && (
            <Button
              size="small"
              danger
              onClick={() =>
                setAction({
                  label: `删除${label}`,
                  description: `删除「${rowName(r)}」，玩家端立即不再显示，不能恢复。`,
                  danger: true,
                  run: ({ reason }) => deleteContent(kind, String(r.id), reason),
                })
              }
            >
              删除
            </Button>
          )}
        </Flex>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12}>
        <div>
          {can('content.edit') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新建{label}
            </Button>
          )}
        </div>
        <ExportButton run={() => saveCsv(label, CONTENT_COLUMNS[kind], rows.map(exportRow))} />
      </Flex>
      <LabelledTable<ContentRow>
        label={label}
        rowKey={(r) => String(r.id)}
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        pagination={rows.length > 50 ? { pageSize: 50 } : false}
        size="middle"
      />
      {editing && (
        <ContentForm
          kind={kind}
          label={label}
          row={editing.row}
          open
          onClose={() => setEditing(null)}
          ask={setAction}
        />
      )}
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Flex>
  );
}

/** 内容管理: every kind of content the player app shows, one tab each, and the welcome popup. */
export function ContentPage() {
  return (
    <Card title="内容管理">
      <Tabs
        items={[
          ...CONTENT_KINDS.map((kind) => ({
            key: kind,
            label: CONTENT_KIND_LABEL[kind],
            children: <KindTab kind={kind} />,
          })),
          { key: 'welcome', label: '欢迎弹窗', children: <WelcomeTab /> },
        ]}
      />
    </Card>
  );
}
