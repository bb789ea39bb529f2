import type { CommissionRules } from '@app/contract/agents';

/** A plan version's rules in one line: tiers, fee, negative months, overrides, CPA, turnover. */
export function rulesText(r: CommissionRules): string {
  const tiers = r.tiers.map((t) => `≥${t.min_net_loss}/${t.min_active}人 ${t.share_percent}%`).join('，');
  const overrides = r.override_percents.length ? `下级分成 ${r.override_percents.join('/')}%` : '无下级分成';
  const cpa = r.cpa_amount > 0 ? `CPA ${r.cpa_amount}（首充≥${r.cpa_min_first_deposit}）` : '无CPA';
  return `${tiers}；平台费 ${r.fee_percent}%（${r.fee_basis === 'stakes' ? '投注额' : '净输赢'}）；${
    r.negative === 'carry' ? '负盈利累计' : '负盈利清零'
  }；${overrides}；${cpa}；流水 ${r.turnover_multiple} 倍`;
}
