import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  activities,
  activityTypes,
  articles,
  banners,
  homeNotices,
  notices,
  sponsors,
} from '../db/schema/content';
import { sanitizeHtml } from '../lib/sanitize';

/**
 * Demo content, written for this project. Idempotent: each row is keyed and left alone once there.
 * It speaks the app's own words: the labels it names are the app's (the 充值 and 取款 tabs, 我的 -
 * 合营计划), and money is in the app's unit, shown with $ (spec 1).
 */
const BANNERS = [
  { id: 1, title: '新人首存礼', subtitle: '首次充值即享 100% 加赠，最高 $888', link: '/activityInfo?id=1' },
  { id: 2, title: '每日红包雨', subtitle: '每天 10:00-12:00 准时开抢', link: '/hongbao' },
  { id: 3, title: '电子周周返', subtitle: '电子游戏投注最高返水 1.4%', link: '/activityInfo?id=3' },
];

const HOME_NOTICES = [
  '欢迎来到星云娱乐！首存即享加赠，详情请查看优惠活动。',
  '每日 10:00-12:00 红包雨准时开启，存款和流水越多，可抢次数越多。',
  '为保障资金安全，请勿向任何人透露您的登录密码与支付密码。',
];

const NOTICES = [
  {
    id: 1,
    title: '系统维护通知',
    content:
      '<p>为提供更好的游戏体验，本平台将于每周二 06:00-08:00 进行例行维护，期间部分场馆可能暂停服务。</p>',
  },
  {
    id: 2,
    title: 'USDT 充值通道升级',
    content:
      '<p>USDT 充值现已支持 TRC20 与 ERC20 两种协议，到账更快。<br>转账时请务必核对收款地址与协议。</p>',
  },
  {
    id: 3,
    title: '防诈骗提醒',
    content: '<p>平台客服不会以任何理由索要您的密码或验证码。如遇可疑情况，请通过在线客服核实。</p>',
  },
];

const ACTIVITY_TYPES = [
  { id: 1, name: '新人专享', sort: 1 },
  { id: 2, name: '日常活动', sort: 2 },
  { id: 3, name: '返水优惠', sort: 3 },
];

const ACTIVITIES = [
  {
    id: 1,
    typeId: 1,
    cate: 1,
    title: '新人首存 100% 加赠',
    content:
      '<p>活动期间，新注册会员首次充值即可申请 <b>100%</b> 加赠彩金，最高 $888。</p><ul><li>单笔首存 $100 起</li><li>加赠彩金需完成 10 倍流水方可取款</li></ul>',
    memo: '<p>每位会员（同一 IP、同一设备、同一银行卡）仅限申请一次。平台保留活动最终解释权。</p>',
  },
  {
    id: 2,
    typeId: 2,
    cate: 2,
    title: '棋牌天天乐',
    content: '<p>每日棋牌有效投注满 $1,000 即可申请 $18 彩金，满 $10,000 可申请 $188。</p>',
    memo: '<p>彩金需完成 1 倍流水。每日限申请一次，次日 12:00 前审核发放。</p>',
  },
  {
    id: 3,
    typeId: 3,
    cate: 1,
    title: '电子游戏周周返',
    content:
      '<p>电子游戏每周有效投注可享额外返水，最高 <b>1.4%</b>，与 VIP 日返水叠加。</p><table><tr><th>周投注</th><th>返水</th></tr><tr><td>1 万+</td><td>0.3%</td></tr><tr><td>10 万+</td><td>0.8%</td></tr><tr><td>100 万+</td><td>1.4%</td></tr></table>',
    memo: '<p>每周一 12:00 前自动结算上周返水。</p>',
  },
  {
    id: 4,
    typeId: 2,
    cate: 3,
    title: '捕鱼王者挑战',
    content: '<p>捕鱼游戏单局赢得 50 倍以上，截图联系客服即可领取额外奖励 $58。</p>',
    memo: '<p>每日限领一次，奖励需完成 1 倍流水。</p>',
  },
];

const HELP = [
  [
    1,
    '常见问题',
    '<h3>如何充值？</h3><p>登录后点击底部“充值”，选择充值方式并按提示完成支付。</p><h3>多久到账？</h3><p>在线支付通常即时到账；银行卡与 USDT 充值经审核后到账。</p><h3>如何取款？</h3><p>点击底部“取款”，选择 USDT 地址或银行卡，填写取款金额与支付密码即可提交。</p>',
  ],
  [
    2,
    '隐私政策',
    '<p>我们仅收集提供服务所必需的信息，并采取加密存储、访问控制等措施保护您的资料，不会向第三方出售您的个人信息。</p>',
  ],
  [
    3,
    '免责声明',
    '<p>请确保您所在地区的法律允许参与线上娱乐。因网络、设备等不可抗力造成的损失，平台将依据记录妥善处理。</p>',
  ],
  [
    4,
    '联系我们',
    '<p>7×24 小时在线客服随时为您服务。合作洽谈请通过在线客服留言，我们将在一个工作日内回复。</p>',
  ],
  [
    5,
    '代理加盟',
    '<p>加入合营计划，推荐好友注册即可长期获得佣金。申请请前往“我的 - 合营计划”，提交手机号与申请理由。</p>',
  ],
  [
    6,
    '存取款帮助',
    '<p>单笔取款不能低于100$，取款前需完成打码量要求。USDT 取款每笔收取少量手续费，以取款页面显示为准。</p>',
  ],
  [
    7,
    '关于我们',
    '<p>星云娱乐致力于为玩家提供公平、安全、便捷的线上娱乐体验，所有游戏结果由服务器随机生成。</p>',
  ],
  [
    8,
    '责任博彩',
    '<p>请理性娱乐，量力而行。您可以通过下方按钮自行设置充值与亏损限额、游戏时长提醒，或开始冷静期、自我禁止；降低限额立即生效。未满 18 周岁禁止参与。</p>',
  ],
] as const;

const ABOUTS = [
  [
    5,
    '条款与规则',
    '<p>注册即表示您已年满 18 周岁并同意本平台的各项条款。一人仅限一个账户，违规账户的优惠与盈利将被取消。</p>',
  ],
  [
    6,
    '隐私政策',
    '<p>您的账户信息与交易记录仅用于提供服务与风险控制。我们使用行业标准的加密技术保护数据传输与存储。</p>',
  ],
] as const;

const SPONSORS = [
  {
    type: 1,
    title: '星云竞技战队',
    subtitle: '官方合作电竞战队',
    page: '<p>星云竞技战队成立于 2021 年，多次斩获国内电竞赛事冠军。平台作为官方合作伙伴，与战队共同成长。</p>',
  },
  {
    type: 2,
    title: '城市足球联赛',
    subtitle: '年度官方赞助商',
    page: '<p>平台连续三年赞助城市足球联赛，支持基层足球发展，让更多热爱足球的人站上赛场。</p>',
  },
];

/** Rows seeded with their ids leave the id sequence behind: move it past them for later inserts. */
async function advanceSequence(q: Queryable, table: string): Promise<void> {
  await q.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
    ),
  );
}

export async function seedContent(q: Queryable): Promise<void> {
  await q
    .insert(banners)
    .values(BANNERS.map((b) => ({ ...b, image: `/art/banners/${b.id}.svg`, sort: b.id })))
    .onConflictDoNothing();
  await q
    .insert(homeNotices)
    .values(HOME_NOTICES.map((text, i) => ({ id: i + 1, text, sort: i + 1 })))
    .onConflictDoNothing();
  await q
    .insert(notices)
    .values(NOTICES.map((n) => ({ ...n, content: sanitizeHtml(n.content) })))
    .onConflictDoNothing();
  await q.insert(activityTypes).values(ACTIVITY_TYPES).onConflictDoNothing();
  await q
    .insert(activities)
    .values(
      ACTIVITIES.map((a) => ({
        ...a,
        banner: `/art/activities/${a.id}.svg`,
        content: sanitizeHtml(a.content),
        memo: sanitizeHtml(a.memo),
        sort: a.id,
      })),
    )
    .onConflictDoNothing();
  const texts = [
    ...HELP.map(([type, title, content]) => ({ scope: 'help', type, title, content })),
    ...ABOUTS.map(([type, title, content]) => ({ scope: 'abouts', type, title, content })),
  ];
  await q
    .insert(articles)
    .values(texts.map((t) => ({ ...t, content: sanitizeHtml(t.content) })))
    .onConflictDoNothing();
  await q
    .insert(sponsors)
    .values(SPONSORS.map((s) => ({ ...s, image: `/art/sponsors/${s.type}.svg`, page: sanitizeHtml(s.page) })))
    .onConflictDoNothing();
  for (const table of ['banners', 'home_notices', 'notices', 'activity_types', 'activities']) {
    await advanceSequence(q, table);
  }
}
