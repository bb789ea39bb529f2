/**
 * The game pages' texts (电子游戏, 搜索, the game page, 投注记录): a namespace of the catalogue in
 * `../zh-cn.ts`, loaded with those pages only. Home's category labels live in `../zh-cn.ts`.
 */
export const TG = {
  /** /concise tabs (spec 2), by platform code. */
  conciseTabs: { obgdy: 'OB电子', fgdz: 'FG电子', pp: 'PP电子', ae: 'AE电子' },
  searchGames: '搜索游戏',
  noGames: '暂无游戏',
  gamesFailed: '游戏加载失败',
  retry: '重新加载',
  // /search
  searchPlaceholder: '请输入关键词搜索',
  searchLabel: '关键词',
  clear: '清除',
  searchHint: '输入游戏名称，快速找到想玩的游戏',
  noResults: '没有找到相关游戏',
  resultCount: (count: number) => `找到 ${count} 款游戏`,
  listLoading: '游戏列表加载中...',
  // /gamePage
  launching: '正在进入游戏...',
  launchingHint: '请稍候，马上就好',
  opening: '正在打开...',
  // /betRecord
  betStatus: ['无效注单', '已结算', '未结算'] as readonly string[],
  unknownStatus: '未知状态',
  betAmount: '投注金额',
  winLoss: '输赢',
  betNo: '注单号',
  gameCode: '游戏代码',
} as const;
