import { REBATE_FIELDS } from './config';
import { CONTENT_KIND_LABEL, type ContentKind } from './content';
import { ADJUSTMENT_STATES } from './money';

/**
 * What an operator reads instead of the stored keys: the audit log's targets and fields, and the
 * ledger's accounts and references, in Chinese.
 */

const SETTING_LABEL: Readonly<Record<string, string>> = {
  site: '站点设置',
  payments: '支付配置',
  red_packets: '红包配置',
  review: '审核设置',
  withdraw_fees: '取款手续费',
  withdraw_limits: '取款限额',
  card_wait: '换卡等待时间',
  deposits: '充值设置',
  'test-clock': '测试时钟',
};

const HOUSE_ACCOUNT_LABEL: Readonly<Record<string, string>> = {
  promotions_expense: '优惠支出',
  deposits_clearing: '充值清算',
  withdrawals_pending: '提现冻结',
  withdrawals_paid: '提现已付',
  withdrawal_fees: '提现手续费',
  rebate_expense: '返水支出',
  red_packet_expense: '红包支出',
  game_results: '游戏输赢',
  venue_transit: '场馆在途',
};

const REF_LABEL: Readonly<Record<string, string>> = {
  deposit: '充值',
  withdrawal: '提现',
  adjustment: '人工调账',
  rebate: '返水',
  red_packet: '红包',
  venue_transfer: '场馆转账',
  bet: '注单',
  activity_application: '活动申请',
  user: '玩家',
};

/** A ledger account's code as the console shows it: `house:withdrawals_pending` → 提现冻结. */
export function ledgerAccountLabel(code: string): string {
  const float = /^house:venue_float:(.+)$/.exec(code);
  if (float) return `场馆备付金（${float[1]}）`;
  const house = /^house:(.+)$/.exec(code);
  if (house) return HOUSE_ACCOUNT_LABEL[house[1] as string] ?? code;
  const player = /^user:(\d+):central$/.exec(code);
  if (player) return `玩家 #${player[1]} 中心钱包`;
  return code;
}

/** A ledger reference (`type:id`) as the console shows it: `withdrawal:WD1` → 提现 WD1. */
export function ledgerRefLabel(ref: string): string {
  const at = ref.indexOf(':');
  if (at < 0) return ref;
  const type = REF_LABEL[ref.slice(0, at)];
  return type ? `${type} ${ref.slice(at + 1)}` : ref;
}

/**
 * An audit row's target as an operator knows it: 支付配置, VIP2, the game's name (from `gameNames`,
 * keyed `venue:code`), 轮播图 #3. Targets without a better name keep their id.
 */
export function auditTargetLabel(
  type: string,
  id: string,
  /** The names of the records rows point at (a game's, a payment channel's), by target id. */
  names: ReadonlyMap<string, string> = new Map(),
): string {
  if (type === 'game') return names.get(id) ?? id;
  if (type === 'setting') {
    const vip = /^vip_level:(\d+)$/.exec(id);
    if (vip) return `VIP${vip[1]}`;
    const channel = /^pay_channel:(.+)$/.exec(id);
    if (channel) return `支付通道 ${names.get(id) ?? channel[1]}`;
    const account = /^receiving_account:(.+)$/.exec(id);
    if (account) return account[1] === 'new' ? '新收款账户' : `收款账户 #${account[1]}`;
    return SETTING_LABEL[id] ?? id;
  }
  if (type === 'content') {
    const [kind, rest] = id.split(':', 2);
    if (kind === 'welcome') return '欢迎弹窗';
    if (kind === 'message')
      return rest === 'all' ? '站内信（全部玩家）' : `站内信（${rest?.replace(/^vip/, 'VIP')}）`;
    if (kind === 'image') return '图片';
    const label = CONTENT_KIND_LABEL[kind as ContentKind];
    if (!label) return id;
    if (rest === undefined) return label;
    return rest === 'order' ? `${label}（顺序）` : `${label} #${rest}`;
  }
  if (type === 'application') {
    const [kind, n] = id.split(':', 2);
    if (kind === 'activity') return `活动申请 #${n}`;
    if (kind === 'agent') return `代理申请 #${n}`;
  }
  if (type === 'player' || type === 'operator' || type === 'adjustment' || type === 'api-key')
    return `#${id}`;
  return id;
}

const FIELD_LABEL: Readonly<Record<string, string>> = {
  ...REBATE_FIELDS,
  enabled: '启用',
  sort: '排序',
  name: '名称',
  title: '标题',
  kind: '类型',
  type: '类型',
  code: '代码',
  amount_rule: '金额规则',
  min: '最低金额',
  max: '最高金额',
  values: '固定金额',
  bank_name: '银行',
  owner: '户名',
  number: '账号',
  note: '备注',
  usdt_rate: 'USDT汇率',
  withdraw_fees: '取款手续费',
  withdraw_min: '最低取款',
  trc20: 'TRC20',
  erc20: 'ERC20',
  rules: '规则',
  start_time: '开始时间',
  end_time: '结束时间',
  recharge: '充值要求',
  day_flow: '当日流水',
  min_money: '最小金额',
  flow_money: '最大金额',
  level: '等级',
  flow: '流水要求',
  retention_flow: '保级流水',
  rebates: '返水比例',
  app_state: '在玩家端显示',
  is_hot: '热门',
  is_new: '新游戏',
  category: '分类',
  maintenance: '维护',
  site_state: '站点状态',
  repair_tips: '维护提示',
  redpacket_switch: '红包开关',
  index_modal: '首页弹窗',
  webcontent: '弹窗内容',
  service_url: '客服地址',
  visit_url: '访问地址',
  h5_url: 'H5 地址',
  ios_download_url: 'iOS 下载地址',
  ios_download_qrcode: 'iOS 下载二维码',
  four_eyes_threshold: '双人复核金额',
  hours: '等待小时数',
  role: '角色',
  status: '状态',
  state: '状态',
  locked: '锁定',
  vip: 'VIP 等级',
  username: '账号',
  amount: '金额',
  reason: '原因',
  content: '内容',
  image: '图片',
  link: '链接',
  url: '地址',
  to: '发送对象',
  sent: '已发送',
  filter: '筛选',
  rows: '行数',
  sessions_ended: '结束的会话',
  user_agent: '浏览器',
};

/** A field's name in Chinese (its key when there is none). */
export const fieldLabel = (key: string): string => FIELD_LABEL[key] ?? key;

/** One field an audit row changed: its Chinese name (nested fields joined with ·) and its values. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const objectList = (v: unknown): v is Record<string, unknown>[] => Array.isArray(v) && v.every(isRecord);

const ON_OFF = { '1': '开启', '0': '关闭', true: '开启', false: '关闭' };
const YES_NO = { '1': '是', '0': '否', true: '是', false: '否' };

/**
 * The values of enum and flag fields as an operator reads them, by field (`<target type>.<field>`
 * where the same field means different things on different targets): 状态 1→0 reads 启用（1）→停用（0）.
 */
const VALUE_LABEL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  enabled: { '1': '启用', '0': '停用', true: '启用', false: '停用' },
  maintenance: { '1': '维护中', '0': '正常', true: '维护中', false: '正常' },
  locked: YES_NO,
  is_hot: YES_NO,
  is_new: YES_NO,
  app_state: { '1': '显示', '0': '隐藏' },
  site_state: { '1': '开放', '0': '维护' },
  redpacket_switch: ON_OFF,
  index_modal: ON_OFF,
  'player.status': { '1': '正常', '0': '已冻结', active: '正常', frozen: '已冻结' },
  'operator.status': { '1': '启用', '0': '停用', active: '启用', disabled: '停用' },
  'application.state': { '1': '待审核', '2': '已通过', '3': '已拒绝' },
  'adjustment.state': ADJUSTMENT_STATES,
};

/**
 * A field's value in Chinese where the field is an enum or a flag, the stored code kept beside it
 * (已冻结（0）: an auditor may match it to the database); a flag's true or false, and any other
 * value, as it is.
 */
export function auditValueLabel(targetType: string, key: string, value: unknown): unknown {
  const labels = VALUE_LABEL[`${targetType}.${key}`] ?? VALUE_LABEL[key];
  if (!labels || !['string', 'number', 'boolean'].includes(typeof value)) return value;
  const label = labels[String(value)];
  if (label === undefined) return value;
  return typeof value === 'boolean' ? label : `${label}（${value}）`;
}

function walk(before: unknown, after: unknown, names: string[], at: Leaf): FieldChange[] {
  if (same(before, after)) return [];
  if (
    (isRecord(before) || before == null) &&
    (isRecord(after) || after == null) &&
    (before ?? after) !== null
  ) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return keys.flatMap((k) => walk(was[k], now[k], [...names, fieldLabel(k)], { ...at, key: k }));
  }
  if (objectList(before) && objectList(after)) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) =>
      walk(before[i], after[i], [...names, `第${i + 1}条`], at),
    ).flat();
  }
  const label = (v: unknown) => auditValueLabel(at.targetType, at.key, v);
  return [{ field: names.join(' · ') || '值', before: label(before), after: label(after) }];
}

/** Where a value sits: the audit row's target type and the field's own key. */
interface Leaf {
  targetType: string;
  key: string;
}

/**
 * The fields that differ between an audit row's before and after, named in Chinese, enum and flag
 * values read in Chinese as well (given the row's target type).
 */
export const auditChanges = (before: unknown, after: unknown, targetType = ''): FieldChange[] =>
  walk(before, after, [], { targetType, key: '' });
