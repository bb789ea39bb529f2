/**
 * The content pages' texts (优惠活动, 活动详情, 活动记录, VIP特权, 消息, 帮助中心, 条款与规则, 赞助合作,
 * APP下载, 在线客服, 合营计划): a namespace of the catalogue in `../zh-cn.ts`, loaded with those pages only.
 */
export const TC = {
  retry: '重新加载',
  loadFailed: '加载失败',
  empty: '暂无内容',
  // under the responsible-gambling help article, the way to /protection
  protectionEntry: '设置充值限额、冷静期与自我禁止',
  // /activity
  activityAll: '全部',
  activityCategories: '活动分类',
  activityTypes: '活动类型',
  receiveRecord: '领取记录',
  noActivities: '暂无活动',
  viewDetail: '查看详情',
  // /activityInfo
  activityContent: '活动内容',
  activityMemo: '活动说明',
  apply: '立即申请',
  applied: '已申请',
  applyAfterLogin: '登录后申请',
  activityMissing: '活动不存在或已结束',
  // /activityRecord: application states of spec 4
  applicationState: { 1: '待审核', 2: '已通过', 3: '已拒绝' } as Readonly<Record<number, string>>,
  unknownState: '未知状态',
  appliedAt: '申请时间',
  noApplications: '暂无申请记录',
  // /vip
  vipLevels: 'VIP等级',
  reached: '已达成',
  notReached: '未达成',
  currentLevel: '当前等级',
  requirement: '晋级要求',
  recharge: '累计存款',
  flow: '累计流水',
  retention: '保级流水',
  retentionHint: '（90天内）',
  myProgress: '我的进度',
  rebateTable: '返水比例',
  rebateLevel: '等级',
  /** The rebate categories of a VIP row (spec 3), in the order of its fields. */
  rebateCategories: [
    ['realperson', '真人'],
    ['sport', '体育'],
    ['e_sport', '电竞'],
    ['joker', '棋牌'],
    ['electron', '电子'],
    ['lottery', '彩票'],
  ] as const,
  vipRulesTitle: '晋级与保级规则',
  /** Spec 4, VIP, in words. */
  vipRules: [
    '晋级：累计存款与累计流水同时达到该等级要求，即于次日24:00前晋级。',
    '每天最多晋升一级，不可跨级晋升。',
    '保级：晋级后90天内需完成该等级的保级流水，未完成将降低一级。',
    '90天内再次晋级，保级要求随之重新计算。',
  ] as readonly string[],
  previousLevel: '上一级',
  nextLevel: '下一级',
  // /message
  announcements: '公告',
  inSiteMessages: '站内信',
  noMessages: '暂无消息',
  unread: '未读',
  loadMore: '加载更多',
  loadingMore: '加载中...',
  noMore: '没有更多了',
  // /boutBallBet and articles
  helpIntro: '常见问题与平台说明',
  /** The help articles of /boutBallBetInfo (spec 2), by type. */
  helpArticles: [
    [1, '常见问题'],
    [2, '隐私政策'],
    [3, '免责声明'],
    [4, '联系我们'],
    [5, '代理加盟'],
    [6, '存取款帮助'],
    [7, '关于我们'],
    [8, '责任博彩'],
  ] as readonly (readonly [number, string])[],
  aboutsTitles: { 5: '条款与规则', 6: '隐私政策' } as Readonly<Record<number, string>>,
  // /zhanzhu
  sponsorMore: '了解更多',
  // /app
  appDownloadTitle: 'APP下载',
  appScan: '扫描二维码下载APP',
  appDownload: '立即下载',
  appNetworkNote: '下载安装需要稳定的网络连接，建议在Wi-Fi环境下下载；如遇下载缓慢，请切换网络后重试。',
  appQrAlt: 'APP下载二维码',
  /** No install link and no H5 address: the QR code (the site's address) opens the site instead. */
  appScanSite: '扫描二维码，在手机浏览器中打开本站',
  appUnavailable: 'APP下载暂未开放，敬请期待',
  /** Installing the site itself (the web app manifest and service worker), beside the download. */
  installTitle: '添加到主屏幕',
  installIntro: '无需下载安装包，把本站添加到手机主屏幕，即可像APP一样全屏打开。',
  installSteps: [
    {
      platform: 'iPhone / iPad（Safari）',
      steps: ['用 Safari 浏览器打开本站', '点击底部的“分享”按钮', '选择“添加到主屏幕”，再点击“添加”'],
    },
    {
      platform: '安卓手机（Chrome 等浏览器）',
      steps: [
        '用 Chrome 或系统浏览器打开本站',
        '点击右上角的“⋮”菜单',
        '选择“添加到主屏幕”或“安装应用”，再确认',
      ],
    },
  ] as const,
  // /kefu
  serviceLoading: '正在连接客服...',
  serviceOpen: '在新窗口打开',
  // /applyagent
  agentIntro: '加入合营计划，推广即可获得丰厚佣金。提交申请后，我们将尽快与您联系。',
  fieldMobile: '手机号',
  fieldReason: '申请理由',
  placeholderMobile: '请输入手机号',
  placeholderReason: '请简单介绍您的推广渠道与资源',
  submitApplication: '提交申请',
} as const;
