import type { ColumnSpec, Row } from '@app/contract/admin/players';
import { formatMoney } from '@app/contract/money';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Every money figure of the console: dollars with two decimals, e.g. $1,234.50 or -$12.00. */
export function usd(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${formatMoney(Math.abs(amount))}`;
}

export function Money({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', color: value < 0 ? '#cf1322' : undefined }}>
      {usd(value)}
    </span>
  );
}

/** A Beijing time, never broken over two lines. */
export const Time = ({ value }: { value: string }) => <span style={{ whiteSpace: 'nowrap' }}>{value}</span>;

/** A secret read off the screen into an authenticator app: ABCD EFGH IJKL... */
export const groupsOfFour = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Colours of states, by what they mean: waiting, done, refused or off. */
const STATE_COLOURS: Record<string, string> = {
  待审核: 'gold',
  待结算: 'gold',
  未结算: 'gold',
  未领取: 'gold',
  已通过: 'green',
  成功: 'green',
  已结算: 'green',
  已领取: 'green',
  正常: 'green',
  是: 'blue',
  已拒绝: 'red',
  失败: 'red',
  无效: 'default',
  已冻结: 'red',
  否: 'default',
};

export function StateTag({ label }: { label: string }) {
  return <Tag color={STATE_COLOURS[label] ?? 'default'}>{label}</Tag>;
}

/**
 * A value shown by its column's kind (money, Beijing time, state, text): in a table cell long text
 * is cut to one line; `whole` (a row's drawer) shows all of it.
 */
export function cellOf(column: ColumnSpec, value: Row[string] | undefined, whole = false): ReactNode {
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  if (column.kind === 'money' && typeof value === 'number') return <Money value={value} />;
  if (column.kind === 'state' && typeof value === 'number')
    return <StateTag label={column.states?.[value] ?? String(value)} />;
  if (column.kind === 'time') return <Time value={String(value)} />;
  return whole ? String(value) : <LongText text={String(value)} />;
}

/** Text that may be long (a user agent, a reason): one line in a table, all of it on hover and in the row's drawer. */
export function LongText({ text, width = 280 }: { text: string; width?: number }) {
  if (text.length <= 32) return text;
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}
