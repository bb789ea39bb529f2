import { MSG } from '@app/contract/messages';
import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const usdtOrder = {
  deposit_no: 'D20260101000001',
  info: { created_at: '2026-01-01 12:00:00', paytype: 'USDT', amount: 200, usdt_rate: 7.2 },
  cardlist: [
    {
      mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      content: 'TRC20',
      payimg: '/uploads/qr/D20260101000001.png',
    },
  ],
};
const wechatOrder = {
  deposit_no: 'D20260101000002',
  info: { created_at: '2026-01-01 12:00:00', paytype: '微信', amount: 700, usdt_rate: 7 },
  cardlist: [{ mch_id: 'wx-merchant-01', content: '微信', payimg: '/uploads/qr/wx.png' }],
};
/** 2026-01-01 12:00:00 in Beijing. */
const CREATED = Date.parse('2026-01-01T04:00:00Z');

/** The order's page, opened by its logged-in owner. */
function openPayInfo(order: typeof usdtOrder, channel: string) {
  logIn();
  const calls = stubApi({
    '/api/payinfo': ok(order, channel),
    '/api/getservicerurl': ok({ url: 'https://support.example.com/chat' }),
  });
  const view = renderApp(`/payInfo?deposit_no=${order.deposit_no}`);
  return { ...view, calls };
}

const countdown = () => screen.getByTestId('pay-countdown').textContent;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('/payInfo', () => {
  it('counts down the hour from created_at every second and stops at 00:00', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(CREATED + 10 * 60_000);
    const { calls } = openPayInfo(usdtOrder, 'usdtpay');

    await screen.findByTestId('pay-countdown');
    expect(callsTo(calls, '/api/payinfo')[0]?.body).toEqual({ deposit_no: 'D20260101000001' });
    expect(countdown()).toBe(PAYMENT_MSG.payWithin('50:00'));
    await tick(1000);
    expect(countdown()).toBe('请在49:59内完成支付');
    await tick(59_000);
    expect(countdown()).toBe('请在49:00内完成支付');

    await tick(49 * 60_000 - 2000);
    expect(countdown()).toBe('请在00:02内完成支付');
    await tick(2000);
    expect(countdown()).toBe('请在00:00内完成支付');
    await tick(5000);
    expect(countdown()).toBe('请在00:00内完成支付');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a USDT order in U with its address, protocol, number, time, method and QR code', async () => {
    openPayInfo(usdtOrder, 'usdtpay');
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('200.00U');
    expect(screen.getByText(PAYMENT_MSG.autoCredit)).toBeTruthy();
    expect(screen.getByTestId('pay-address').textContent).toBe(usdtOrder.cardlist[0]?.mch_id);
    expect(screen.getByText('钱包协议').nextSibling?.textContent).toBe('TRC20');
    expect(screen.getByText('订单号').nextSibling?.textContent).toBe('D20260101000001');
    expect(screen.getByText('交易时间').nextSibling?.textContent).toBe('2026-01-01 12:00:00');
    expect(screen.getByText('支付方式').nextSibling?.textContent).toBe('USDT');
    expect(screen.getByRole('img', { name: '付款二维码' }).getAttribute('src')).toBe(
      '/uploads/qr/D20260101000001.png',
    );
    expect(screen.getByRole('button', { name: '联系客服' })).toBeTruthy();
  });

  it('copies the receiving address and says 复制成功！', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const { user } = openPayInfo(usdtOrder, 'usdtpay');
    await user.click(await screen.findByRole('button', { name: '复制收款地址' }));
    await expectToast(MSG.copied);
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('shows a 微信 order in 元 (amount / usdt_rate), without address or protocol', async () => {
    openPayInfo(wechatOrder, 'wechatpay');
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('100.00元');
    expect(screen.getByText('支付方式').nextSibling?.textContent).toBe('微信');
    expect(screen.queryByText('收款地址')).toBeNull();
    expect(screen.queryByText('钱包协议')).toBeNull();
    expect(screen.queryByRole('button', { name: '复制收款地址' })).toBeNull();
  });

  it('shows 支付宝 in 元 too, rounded to cents', async () => {
    openPayInfo({ ...wechatOrder, info: { ...wechatOrder.info, paytype: '支付宝', amount: 100 } }, 'pipay');
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('14.29元');
  });

  it('shows a visitor the order of the link they hold, asking with its token', async () => {
    const calls = stubApi({
      '/api/payinfo': ok(usdtOrder, 'usdtpay'),
      '/api/getservicerurl': ok({ url: 'https://support.example.com/chat' }),
    });
    const { router } = renderApp(`/payInfo?deposit_no=${usdtOrder.deposit_no}&order_token=tok-0001`);
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('200.00U');
    expect(callsTo(calls, '/api/payinfo')[0]?.body).toEqual({
      deposit_no: usdtOrder.deposit_no,
      order_token: 'tok-0001',
    });
    expect(currentPath(router)).toBe(`/payInfo?deposit_no=${usdtOrder.deposit_no}&order_token=tok-0001`);
  });

  it('sends a visitor without the link’s token to login with the redirect, never the expired-login dialog', async () => {
    const calls = stubApi({ '/api/payinfo': ok(usdtOrder, 'usdtpay') });
    const { router } = renderApp(`/payInfo?deposit_no=${usdtOrder.deposit_no}`);
    await waitFor(() =>
      expect(currentPath(router)).toBe(
        `/login?redirect=${encodeURIComponent(`/payInfo?deposit_no=${usdtOrder.deposit_no}`)}`,
      ),
    );
    expect(callsTo(calls, '/api/payinfo')).toHaveLength(0);
    expect(screen.queryByText(MSG.authFailedTitle)).toBeNull();
  });

  it('says the order was not found when the link’s token is not the order’s', async () => {
    stubApi({ '/api/payinfo': refuse('订单不存在', 404) });
    renderApp(`/payInfo?deposit_no=${usdtOrder.deposit_no}&order_token=forged`);
    await expectToast('订单不存在');
    expect(await screen.findByText('充值信息加载失败')).toBeTruthy();
    expect(screen.queryByText(MSG.authFailedTitle)).toBeNull();
  });

  it.each(['充值完成', '资金明细'])('leads to the records from %s', async (button) => {
    const { user, router } = openPayInfo(usdtOrder, 'usdtpay');
    await screen.findByTestId('pay-amount');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(currentPath(router)).toBe('/transRecord'));
  });

  it('says so when the link has no order number', async () => {
    logIn();
    stubApi({});
    renderApp('/payInfo');
    expect(await screen.findByText('订单号缺失，无法查询充值信息')).toBeTruthy();
  });
});
