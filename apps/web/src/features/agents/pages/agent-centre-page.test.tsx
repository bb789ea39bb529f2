import { AGENT_MSG } from '@app/contract/agents';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { logIn, renderApp, testUser } from '@/test/render-app';

const summary = {
  id: 7,
  month: '2026-03',
  net_loss: 20_000,
  active_members: 2,
  tier: 0,
  share_percent: 10,
  carry_in: 0,
  carry_out: 0,
  commission: 2000,
  overrides: 50,
  cpa: 0,
  total: 2050,
  paid: 2050,
  state: 4,
  state_label: '已发放',
  decided_at: '2026-04-02 10:00:00',
  note: '',
};

const overview = {
  month: '2026-04',
  net_loss: 12_345.5,
  active_members: 3,
  members: 5,
  sub_agents: 1,
  tier: { index: 0, min_net_loss: 10_000, min_active: 2, share_percent: 10 },
  next_tier: {
    index: 1,
    min_net_loss: 100_000,
    min_active: 5,
    share_percent: 15,
    needs_net_loss: 87_654.5,
    needs_active: 2,
  },
  estimated_commission: 1234.55,
  carry_in: -500,
  last_statement: summary,
};

const statement = {
  ...summary,
  agent_id: 9,
  agent: 'agent01',
  plan: '标准方案',
  plan_version: 2,
  lines: [
    {
      user_id: 11,
      username: 'player11',
      deposits: 5000,
      withdrawals: 0,
      stakes: 30_000,
      valid_stakes: 30_000,
      payouts: 10_000,
      bonuses: 0,
      fee: 0,
      net: 20_000,
      active: true,
      cpa: false,
    },
  ],
  override_lines: [
    { agent_id: 12, username: 'sub12', level: 1, commission: 500, share_percent: 10, amount: 50 },
  ],
};

const link = (id: number, name: string) => ({
  id,
  code: `c${id}`,
  name,
  url: `https://site.example/#/register?pid=c${id}`,
  visits: 12,
  registrations: 3,
});

const agentServer = () =>
  stubApi({
    '/api/agent/overview': ok(overview),
    '/api/agent/statements': ok({ data: [summary], current_page: 1, last_page: 1, total: 1 }),
    '/api/agent/statements/7': ok(statement),
    '/api/agent/members': ok({
      data: [
        {
          user_id: 11,
          username: 'player11',
          registered_at: '2026-03-01 09:00:00',
          last_login_at: '2026-04-03 20:00:00',
          deposits: 5000,
          withdrawals: 100,
          valid_stakes: 30_000,
          net: 20_000,
        },
      ],
      current_page: 1,
      last_page: 1,
      total: 1,
    }),
    '/api/agent/sub-agents': ok({
      data: [
        {
          user_id: 12,
          username: 'sub12',
          registered_at: '2026-03-05 09:00:00',
          members: 4,
          deposits: 800,
          valid_stakes: 9000,
          net: -300,
        },
      ],
      current_page: 1,
      last_page: 1,
      total: 1,
    }),
    '/api/agent/links': (body) =>
      Object.keys(body).length ? ok(link(2, String(body.name))) : ok([link(1, '我的推广链接')]),
  });

describe('/agent, the agent centre', () => {
  it("shows this month so far, the tier and what the next one needs, and last month's statement", async () => {
    logIn({ ...testUser, isagent: 1 });
    agentServer();
    const { user } = renderApp('/agent');

    expect(await screen.findByTestId('overview-net-loss')).toHaveProperty('textContent', '12,345.50');
    expect(screen.getByTestId('overview-estimated').textContent).toBe('1,234.55');
    expect(screen.getByTestId('overview-active').textContent).toBe('3');
    expect(screen.getByTestId('overview-carry').textContent).toBe('-500.00');
    expect(screen.getByTestId('overview-tier').textContent).toBe('第1档 · 10%');
    expect(screen.getByTestId('overview-next').textContent).toBe('还需净输赢 87,654.50、有效会员 2 人');
    expect(screen.getByText('2026-03 月账单')).toBeTruthy();
    expect(screen.getByTestId('statement-state').textContent).toBe('已发放');

    await user.click(screen.getByText('查看明细 ›'));
    const sheet = await screen.findByRole('dialog', { name: '2026-03 月账单' });
    await waitFor(() => expect(within(sheet).getAllByTestId('statement-line')).toHaveLength(1));
    expect(within(sheet).getByText('标准方案 · 第2版')).toBeTruthy();
    expect(within(sheet).getByTestId('override-line').textContent).toContain('sub12');
  });

  it('lists statements and opens one with its lines', async () => {
    logIn({ ...testUser, isagent: 1 });
    const calls = agentServer();
    const { user } = renderApp('/agent');
    await user.click(await screen.findByRole('tab', { name: '佣金账单' }));
    await user.click(await screen.findByTestId('statement'));
    const sheet = await screen.findByRole('dialog', { name: '2026-03 月账单' });
    await within(sheet).findByText('player11');
    expect(callsTo(calls, '/api/agent/statements')[0]?.query.get('page')).toBe('1');
  });

  it('lists members over the chosen period, and sub-agents with their own figures', async () => {
    logIn({ ...testUser, isagent: 1 });
    const calls = agentServer();
    const { user } = renderApp('/agent');
    await user.click(await screen.findByRole('tab', { name: '会员' }));
    const member = await screen.findByTestId('agent-member');
    expect(member.textContent).toContain('player11');
    expect(member.textContent).toContain('2026-04-03 20:00:00');
    expect(callsTo(calls, '/api/agent/members')[0]?.query.toString()).toBe('date=4&page=1');

    await user.click(screen.getByRole('button', { name: '今日' }));
    await waitFor(() => expect(callsTo(calls, '/api/agent/members').at(-1)?.query.get('date')).toBe('1'));

    await user.click(screen.getByRole('tab', { name: '下级代理' }));
    const sub = await screen.findByTestId('sub-agent');
    expect(sub.textContent).toContain('sub12');
    expect(sub.textContent).toContain('-300.00');
  });

  it('shows each link with its QR code drawn here and its counts, copies it, and adds a link', async () => {
    logIn({ ...testUser, isagent: 1 });
    const calls = agentServer();
    const { user } = renderApp('/agent');
    await user.click(await screen.findByRole('tab', { name: '推广' }));
    const card = await screen.findByTestId('promotion-link');
    const qr = within(card).getByRole('img', { name: '我的推广链接的二维码' });
    expect(qr.getAttribute('data-qr')).toBe('https://site.example/#/register?pid=c1');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(within(card).getByTestId('link-counts').textContent).toBe('访问 12 · 注册 3');

    // jsdom has no clipboard: the copy falls back to execCommand, as on older phones.
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(within(card).getByRole('button', { name: '复制链接' }));
    await expectToast(AGENT_MSG.copied);
    expect(execCommand).toHaveBeenCalledWith('copy');

    await user.click(screen.getByRole('button', { name: '创建' }));
    await expectToast(AGENT_MSG.linkNameRequired);
    await user.type(screen.getByPlaceholderText('1-16字，如：朋友圈'), '朋友圈');
    await user.click(screen.getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/agent/links').some((c) => c.body.name === '朋友圈')).toBe(true),
    );
    await waitFor(() =>
      expect(callsTo(calls, '/api/agent/links').filter((c) => !c.body.name).length).toBe(2),
    );
  });

  it("shows a non-agent the server's message and the way to apply", async () => {
    logIn();
    stubApi({ '/api/agent/overview': refuse(AGENT_MSG.notAgent, 403) });
    const { user } = renderApp('/agent');
    expect((await screen.findByRole('alert')).textContent).toBe(AGENT_MSG.notAgent);
    await user.click(screen.getByRole('button', { name: '合营计划' }));
    await screen.findByRole('heading', { name: '合营计划' });
  });
});
