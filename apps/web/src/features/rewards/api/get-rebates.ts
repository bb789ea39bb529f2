import type { Page } from '@app/contract/paging';
import type { RebateRecord } from '@app/contract/rewards';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';

export type { RebateRecord };

/** What the rebate centre shows above its list: total claimed (jisuan) and claimable now (nojisuan). */
export interface RebateTotals {
  jisuan: number;
  nojisuan: number;
}

/** Root of the rebate queries: the list (by date filter) and the totals its pages carry. */
export const rebatesKey = ['rebates'] as const;
export const rebateListKey = [...rebatesKey, 'list'] as const;
export const rebateTotalsKey = [...rebatesKey, 'totals'] as const;

/** POST /api/getfanshui: a page of rebates of every category and state, with the player's totals. */
async function getRebates({ date, page, signal }: RecordsPageQuery) {
  return apiData('/api/getfanshui', schemas.rebateSummary, {
    body: { date, page, api_type: '', type: '' },
    signal,
  });
}

/**
 * A page for the records list. The totals come with every page (they do not depend on the filter),
 * so they are kept from it instead of being asked for with a second call.
 */
export async function getRebatePage(
  queryClient: QueryClient,
  query: RecordsPageQuery,
): Promise<Page<RebateRecord>> {
  const { list, jisuan, nojisuan } = await getRebates(query);
  queryClient.setQueryData<RebateTotals>(rebateTotalsKey, { jisuan, nojisuan });
  return list;
}

/** The totals as the list's last page left them (undefined until a page has loaded). */
export const useRebateTotals = () =>
  useQuery(
    queryOptions({
      queryKey: rebateTotalsKey,
      queryFn: async ({ signal }): Promise<RebateTotals> => {
        const { jisuan, nojisuan } = await getRebates({ date: 4, page: 1, signal });
        return { jisuan, nojisuan };
      },
      // Filled by the list's pages; never asked for on its own.
      enabled: false,
    }),
  );
