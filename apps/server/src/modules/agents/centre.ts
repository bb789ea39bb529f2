import { formatMoney } from '@app/contract/money';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { acceptedKeys } from '../../lib/keyring';
import { urlToken, urlTokenValid } from '../../payments/signature';
import { usernamesByIds } from '../players/service';
import { links, overview, requireAgent } from './centre-api';

/** The agent centre link lasts this long (it carries its own proof, not the player's token). */
const LINK_TTL_MS = 10 * 60_000;

/** The agent login URL (spec getAgentLoginUrl): the agent centre, for agents only, by a signed link. */
export async function agentLoginUrl(ctx: AppContext, userId: number) {
  await requireAgent(ctx, userId);
  const expires = ctx.clock.now().getTime() + LINK_TTL_MS;
  const id = `${userId}.${expires}`;
  return { url: `/agent/centre?a=${id}&t=${urlToken('agent', id, ctx.config.secrets.agentLink.current)}` };
}

/** The agent behind a centre link, or null when the link is forged or old. */
export function agentOfLink(ctx: AppContext, id: string, token: string): number | null {
  const [userId, expires] = id.split('.').map(Number);
  if (!userId || !expires || expires < ctx.clock.now().getTime()) return null;
  return urlTokenValid('agent', id, token, acceptedKeys(ctx.config.secrets.agentLink, ctx.clock.now()))
    ? userId
    : null;
}

/**
 * The former agent centre page, kept until the player app's agent centre (contract agents.ts)
 * takes its place: the invitation link and this month's figures.
 */
export async function agentCentrePage(ctx: AppContext, agentId: number): Promise<string> {
  const [o, [link], names] = await Promise.all([
    overview(ctx, agentId),
    links(ctx, agentId),
    usernamesByIds(ctx.db, [agentId]),
  ]);
  const agent = { username: names.get(agentId) ?? '' };
  const money = (amount: number) => formatMoney(amount);
  const stat = (label: string, value: string) =>
    `<div class="stat"><b>${value}</b><span>${label}</span></div>`;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>代理中心</title>
<style>
body{margin:0;background:#0f0b1d;color:#f4eedd;font-family:-apple-system,"PingFang SC","WenQuanYi Micro Hei",sans-serif}
header{padding:14px 16px;border-bottom:1px solid rgba(232,196,110,.3);display:flex;gap:12px;align-items:center}
header a{color:#f4eedd;text-decoration:none}h1{font-size:17px;margin:0;color:#e8c46e}
main{padding:16px}.grid{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.stat{background:#1d1633;border-radius:12px;padding:14px;display:grid;gap:4px}.stat b{font-size:20px;color:#e8c46e}
.stat span{font-size:13px;color:#c9c1ad}.link{margin-top:16px;background:#1d1633;border-radius:12px;padding:14px;word-break:break-all}
.link p{margin:0 0 6px;color:#c9c1ad;font-size:13px}
</style></head>
<body><header><a href="/#/mine">‹ 返回</a><h1>代理中心 · ${escapeHtml(agent.username)}</h1></header>
<main><div class="grid">
${stat('直属会员', String(o.members))}${stat('本月有效会员', String(o.active_members))}
${stat('本月净输赢', money(o.net_loss))}${stat('本月预估佣金', money(o.estimated_commission))}
</div>
<div class="link"><p>专属推广链接（新玩家通过此链接注册即成为您的下级）</p>${escapeHtml(link?.url ?? '')}</div>
</main></body></html>`;
}
