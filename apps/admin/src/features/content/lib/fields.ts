import { ARTICLE_TYPES, type ContentKind, type ContentRow, SPONSOR_TYPES } from '@app/contract/admin/content';
import { ACTIVITY_CATEGORIES } from '@app/contract/content-rules';

/** How the console edits a field of a content kind. */
export type FieldKind = 'text' | 'textarea' | 'html' | 'image' | 'url' | 'switch' | 'select';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Options of a select; `activity-types` reads them from the list of types. */
  options?: { value: string | number; label: string }[] | 'activity-types';
  /** Fixed once the row exists (the key of articles and sponsors). */
  fixed?: boolean;
  help?: string;
}

const published: FieldSpec = { name: 'enabled', label: '发布', kind: 'switch' };

export const ARTICLE_OPTIONS = ARTICLE_TYPES.map((a) => ({
  value: `${a.scope}-${a.type}`,
  label: `${a.scope === 'help' ? '帮助中心' : '关于我们'} · ${a.label}`,
}));

/** The form of each kind, in the order the fields show. */
export const FORMS: Record<ContentKind, FieldSpec[]> = {
  banners: [
    { name: 'title', label: '标题', kind: 'text', required: true },
    { name: 'subtitle', label: '副标题', kind: 'text' },
    {
      name: 'image',
      label: '图片',
      kind: 'image',
      help: '750×300，PNG/JPEG/GIF，不超过 2MB；留空则按标题生成',
    },
    { name: 'link', label: '跳转地址', kind: 'url', help: '本站路径（如 /activity）或 http(s) 地址，可留空' },
    published,
  ],
  'home-notices': [{ name: 'text', label: '公告内容', kind: 'textarea', required: true }, published],
  notices: [
    { name: 'title', label: '标题', kind: 'text', required: true },
    { name: 'content', label: '内容', kind: 'html' },
    published,
  ],
  activities: [
    { name: 'type_id', label: '活动类型', kind: 'select', options: 'activity-types', required: true },
    {
      name: 'cate',
      label: '分类',
      kind: 'select',
      options: ACTIVITY_CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
      required: true,
    },
    { name: 'title', label: '标题', kind: 'text', required: true },
    { name: 'banner', label: '活动图片', kind: 'image', help: '留空则按标题生成' },
    { name: 'content', label: '活动内容', kind: 'html' },
    { name: 'memo', label: '活动说明', kind: 'html' },
    published,
  ],
  'activity-types': [{ name: 'name', label: '类型名称', kind: 'text', required: true }],
  articles: [
    { name: 'article', label: '文章', kind: 'select', options: ARTICLE_OPTIONS, required: true, fixed: true },
    { name: 'title', label: '标题', kind: 'text', required: true },
    { name: 'content', label: '内容', kind: 'html' },
  ],
  sponsors: [
    {
      name: 'type',
      label: '赞助位',
      kind: 'select',
      options: SPONSOR_TYPES.map((t) => ({ value: t, label: `赞助 ${t}` })),
      required: true,
      fixed: true,
    },
    { name: 'title', label: '标题', kind: 'text', required: true },
    { name: 'subtitle', label: '副标题', kind: 'text' },
    { name: 'image', label: '图片', kind: 'image', help: '留空则按标题生成' },
    { name: 'page', label: '赞助页内容', kind: 'html' },
  ],
};

/** A row's values as its form edits them (articles by their one key), and back as the API takes them. */
export function formValues(kind: ContentKind, row: ContentRow | undefined): Record<string, unknown> {
  if (!row) return { enabled: true, cate: 1, ...(kind === 'sponsors' ? { type: 1 } : {}) };
  return kind === 'articles' ? { ...row, article: row.id } : row;
}

export function apiValues(kind: ContentKind, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FORMS[kind]) {
    const value = values[field.name];
    out[field.name] = field.kind === 'switch' ? value === true : (value ?? '');
  }
  if (kind === 'articles') {
    const [scope, type] = String(values.article).split('-');
    delete out.article;
    return { ...out, scope, type: Number(type) };
  }
  return out;
}
