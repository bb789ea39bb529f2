import type { ColumnSpec, Row } from '@app/contract/admin/players';
import { Descriptions, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { cellOf } from './format';

/**
 * The detail drawer of a list's row: every field of it, labelled as the list labels it; `lead` is
 * what the operator must read first (above the fields), `children` what follows them.
 */
export function RowDrawer(props: {
  title: string;
  columns: readonly ColumnSpec[];
  row: Row | undefined;
  onClose: () => void;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { title, columns, row, onClose, lead, children } = props;
  return (
    <Drawer title={title} open={row !== undefined} onClose={onClose} size="large" destroyOnHidden>
      {lead}
      {row && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={columns.map((c) => ({ key: c.key, label: c.title, children: cellOf(c, row[c.key], true) }))}
        />
      )}
      {children}
    </Drawer>
  );
}
