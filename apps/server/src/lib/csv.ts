import type { FastifyReply } from 'fastify';

export { CSV_MAX_ROWS, toCsv } from '@app/contract/admin/csv';

export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`,
    )
    .send(csv);
}
