import { ledgerAccountLabel, ledgerRefLabel } from '@app/contract/admin/labels';
import { LEDGER_COLUMNS } from '@app/contract/admin/money';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { cellOf } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { ledgerPageQuery } from '../api/player-money';

const PAGE = 20;

/** The ledger's account codes and references as an operator reads them (提现冻结, 提现 WD…). */
const READABLE: Readonly<Record<string, (value: string) => string>> = {
  counterparty: ledgerAccountLabel,
  ref: ledgerRefLabel,
};

/**
 * The ledger's movements of the player's central wallet, newest first. The ledger pages by keyset
 * (each page continues below the last movement shown), so the table steps newer and older.
 */
export function LedgerTab({ playerId }: { playerId: number }) {
  /** The `before` of each page shown so far; the last is the current page's. */
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const { data, error, isFetching } = useQuery(ledgerPageQuery(playerId, before, PAGE));
  if (error) return <Alert type="error" showIcon title={error.message} />;
  return (
    <Flex vertical gap={12}>
      <LabelledTable
        label="资金流水"
        size="middle"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.entries ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={LEDGER_COLUMNS.map((c) => ({
          key: c.key,
          dataIndex: c.key,
          title: c.title,
          align: c.kind === 'money' ? 'right' : undefined,
          render: (value: string | number) => {
            const readable = READABLE[c.key];
            return readable ? readable(String(value)) : cellOf(c, value);
          },
        }))}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          第 {cursors.length} 页，每页 {PAGE} 条，按时间从新到旧
        </Typography.Text>
        <Flex gap={8}>
          <Button disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            较新
          </Button>
          <Button disabled={!data?.next} onClick={() => data?.next && setCursors([...cursors, data.next])}>
            较早
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
