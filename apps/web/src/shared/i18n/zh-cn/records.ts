/**
 * The records lists' texts (交易记录, and later 投注记录, 活动记录, 红包记录): a namespace of the
 * catalogue in `../zh-cn.ts`, loaded with those pages only.
 */
export const TR = {
  dateFilter: '时间筛选',
  /** Date filters of spec 9: 1 today, 2 last 7 days, 3 last 15, 4 last 30. */
  dates: { 1: '今日', 2: '近7日', 3: '近15日', 4: '近30日' },
  total: (count: number) => `共 ${count} 条`,
  empty: '暂无记录',
  emptyHint: '换个时间范围看看',
  failed: '记录加载失败',
  retry: '重新加载',
  loadMore: '加载更多',
  loadingMore: '加载中...',
  loadMoreFailed: '加载失败，点击重试',
  noMore: '没有更多了',
} as const;
