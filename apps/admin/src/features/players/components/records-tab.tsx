import { PLAYER_RECORDS, type PlayerRecordList, type Row } from '@app/contract/admin/players';
import { useState } from 'react';
import { DataTable } from '@/shared/ui/data-table';
import { RowDrawer } from '@/shared/ui/row-drawer';
import { exportRecords, fetchRecords } from '../api/players';

const timeColumn = (list: PlayerRecordList) =>
  PLAYER_RECORDS[list].columns.find((c) => 'kind' in c && c.kind === 'time' && 'sortable' in c && c.sortable)
    ?.key;

/** One list of a player's page: paged, sorted, exported, each row opening its details. */
export function RecordsTab({ playerId, list }: { playerId: number; list: PlayerRecordList }) {
  const [open, setOpen] = useState<Row>();
  const { label, columns } = PLAYER_RECORDS[list];
  return (
    <>
      <DataTable
        label={label}
        queryKey={['player', playerId, 'records', list]}
        columns={columns}
        defaultSort={timeColumn(list)}
        fetchPage={(paging) => fetchRecords(playerId, list, paging)}
        exportAll={(paging) => exportRecords(playerId, list, paging)}
        rowKey={(row) => String(row.id)}
        onRowClick={setOpen}
      />
      <RowDrawer title={`${label}详情`} columns={columns} row={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
