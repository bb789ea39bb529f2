import { centsToAmount, formatMoney } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import { escapeHtml } from '../../lib/html';
import type { SandboxPayment } from './gateway';

/** The rails the sandbox pretends to be, by the channel code the merchant sends. */
const RAIL_NAMES: Record<string, string> = {
  wechat: '微信支付',
  pipay: '支付宝',
  dcep: '数字人民币',
  qqpay: 'QQ钱包',
  unionpay: '云闪付',
};

export type CheckoutView = 'open' | 'paid' | 'cancelled' | 'expired';

const STATUS_TEXT: Record<Exclude<CheckoutView, 'open'>, string> = {
  paid: '支付成功',
  cancelled: '支付已取消',
  expired: '订单已过期，无法支付',
};

/** The payer's page at the sandbox: amount and order, then pay or cancel; afterwards, the result. */
export function checkoutPage(payment: SandboxPayment, view: CheckoutView, token: string): string {
  const rail = RAIL_NAMES[payment.channel] ?? '在线支付';
  const action = (what: 'pay' | 'cancel') =>
    `/pay/checkout/${encodeURIComponent(payment.tradeNo)}/${what}?t=${encodeURIComponent(token)}`;
  const body =
    view === 'open'
      ? `<form method="post" action="${escapeHtml(action('pay'))}"><button class="pay" type="submit">确认支付</button></form>
         <form method="post" action="${escapeHtml(action('cancel'))}"><button class="cancel" type="submit">取消支付</button></form>`
      : `<p class="status ${view}" role="status">${STATUS_TEXT[view]}</p>
         <a class="back" href="${escapeHtml(payment.returnUrl)}">返回商户</a>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>收银台 - ${escapeHtml(rail)}（沙箱）</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font-family: -apple-system, "PingFang SC", "WenQuanYi Micro Hei", sans-serif; background: #f2f4f7; color: #1f2329; }
  header { background: #1677ff; color: #fff; padding: 14px 16px; font-size: 17px; font-weight: 600; }
  header small { font-weight: 400; opacity: .8; margin-left: 6px; }
  main { padding: 16px; }
  .card { background: #fff; border-radius: 12px; padding: 20px 16px; text-align: center; }
  .label { color: #646a73; font-size: 14px; }
  .amount { font-size: 36px; font-weight: 700; margin: 8px 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; text-align: left; font-size: 14px; margin: 0; }
  dt { color: #8f959e; } dd { margin: 0; word-break: break-all; }
  form { margin: 0; }
  button, .back { display: block; width: 100%; border: 0; border-radius: 24px; padding: 13px; font-size: 16px; margin-top: 14px; text-align: center; text-decoration: none; }
  .pay, .back { background: #1677ff; color: #fff; }
  .cancel { background: #fff; color: #646a73; border: 1px solid #d0d3d6; }
  .status { font-size: 18px; font-weight: 600; margin: 18px 0 0; }
  .status.paid { color: #00a870; } .status.cancelled, .status.expired { color: #e34d59; }
  footer { color: #8f959e; font-size: 12px; text-align: center; padding: 12px 16px; }
</style>
</head>
<body>
<header>${escapeHtml(rail)}<small>沙箱收银台</small></header>
<main>
  <section class="card">
    <div class="label">支付金额</div>
    <div class="amount">${formatMoney(centsToAmount(payment.amount))}</div>
    <dl>
      <dt>商户订单号</dt><dd>${escapeHtml(payment.merchantOrderNo)}</dd>
      <dt>交易号</dt><dd>${escapeHtml(payment.tradeNo)}</dd>
      <dt>有效期至</dt><dd>${toBeijingString(payment.expiresAt)}</dd>
    </dl>
    ${body}
  </section>
</main>
<footer>此为测试环境的模拟收银台，不会产生真实扣款。</footer>
</body>
</html>`;
}
