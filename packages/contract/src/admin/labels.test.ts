import { describe, expect, it } from 'vitest';
import { auditChanges, auditTargetLabel, fieldLabel, ledgerAccountLabel, ledgerRefLabel } from './labels';

describe('what an operator reads', () => {
  it('names audit targets as an operator knows them', () => {
    expect(auditTargetLabel('setting', 'payments')).toBe('支付配置');
    expect(auditTargetLabel('setting', 'red_packets')).toBe('红包配置');
    expect(auditTargetLabel('setting', 'vip_level:2')).toBe('VIP2');
    expect(auditTargetLabel('game', 'obgdy:obgdy006', new Map([['obgdy:obgdy006', '百家乐']]))).toBe(
      '百家乐',
    );
    expect(auditTargetLabel('setting', 'pay_channel:wechat', new Map([['pay_channel:wechat', '微信']]))).toBe(
      '支付通道 微信',
    );
    expect(auditTargetLabel('content', 'banners:3')).toBe('轮播图 #3');
    expect(auditTargetLabel('content', 'message:vip2')).toBe('站内信（VIP2）');
    expect(auditTargetLabel('application', 'agent:4')).toBe('代理申请 #4');
    expect(auditTargetLabel('deposit', 'D2026001')).toBe('D2026001');
  });

  it('names ledger accounts and references in Chinese', () => {
    expect(ledgerAccountLabel('house:withdrawals_pending')).toBe('提现冻结');
    expect(ledgerAccountLabel('house:venue_float:pp')).toBe('场馆备付金（pp）');
    expect(ledgerRefLabel('withdrawal:WD20261127001')).toBe('提现 WD20261127001');
    expect(ledgerRefLabel('bet:obgdy:991')).toBe('注单 obgdy:991');
    expect(ledgerRefLabel('')).toBe('');
  });

  it('lists only the changed fields, by their Chinese names, nested fields and list entries joined', () => {
    expect(fieldLabel('app_state')).toBe('在玩家端显示');
    expect(
      auditChanges(
        { enabled: true, sort: 1, amount_rule: { type: 'range', min: 100, max: 5000 } },
        { enabled: true, sort: 2, amount_rule: { type: 'range', min: 100, max: 9000 } },
      ),
    ).toEqual([
      { field: '排序', before: 1, after: 2 },
      { field: '金额规则 · 最高金额', before: 5000, after: 9000 },
    ]);
    expect(
      auditChanges({ rules: [{ recharge: 100 }] }, { rules: [{ recharge: 200 }, { recharge: 5 }] }),
    ).toEqual([
      { field: '规则 · 第1条 · 充值要求', before: 100, after: 200 },
      { field: '规则 · 第2条 · 充值要求', before: undefined, after: 5 },
    ]);
    expect(auditChanges(null, { status: 0 })).toEqual([{ field: '状态', before: undefined, after: 0 }]);
    expect(auditChanges({ status: 1 }, { status: 0 }, 'operator')).toEqual([
      { field: '状态', before: '启用（1）', after: '停用（0）' },
    ]);
    expect(auditChanges({ status: 1 }, { status: 0 }, 'player')).toEqual([
      { field: '状态', before: '正常（1）', after: '已冻结（0）' },
    ]);
    expect(
      auditChanges({ enabled: true, maintenance: false }, { enabled: false, maintenance: true }, 'venue'),
    ).toEqual([
      { field: '启用', before: '启用', after: '停用' },
      { field: '维护', before: '正常', after: '维护中' },
    ]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
