/**
 * Texts of home's popups and drawer (公告, 更多, the welcome popup, the side menu): a namespace of the
 * catalogue in `../zh-cn.ts`, loaded with them, not with home's first screen.
 */
export const TH = {
  noticeTitle: '平台公告',
  noNotices: '暂无公告',
  toMessages: '查看全部消息',
  moreTitle: '更多功能',
  welcomeConfirm: '我知道了',
  close: '关闭',
  // The drawer
  drawerTitle: '菜单',
  messageCenter: '消息中心',
  feedback: '意见反馈',
  permanentDomain: '永久域名',
  copy: '复制',
  aboutUs: '关于我们',
  logout: '退出登录',
  login: '登录/注册',
  guest: '游客，您好',
  unreadCount: (count: number) => `${count}条未读`,
} as const;
