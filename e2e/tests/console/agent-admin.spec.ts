import { EXAMPLE_RULES } from '@app/contract/agents';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ALONE } from '../../playwright.config';
import { bearer, fundedPlayer, snap } from '../support';
import { act, asOperator, openMenu, setTestClock, signInDemo, signOut, tableRow } from './console-support';

/** A player who applied to the partner programme and was approved: an agent. */
async function newAgent(request: APIRequestContext) {
  const agent = await fundedPlayer(request, 0);
  const applied = await request.post('/api/applyagentdo', {
    headers: bearer(agent.token),
    data: { mobile: '13812345678', apply_info: '有推广资源' },
  });
  expect(((await applied.json()) as { code: number }).code).toBe(200);
  const applications = await asOperator<{ data: { id: number; username: string }[] }>(
    request,
    `/admin/api/applications/agents?state=1&player=${agent.name}`,
  );
  const application = applications.data.find((a) => a.username === agent.name);
  await asOperator(request, `/admin/api/applications/agents/${application?.id}/decide`, {
    decision: 'approve',
    note: '资源优质',
  });
  return { ...agent, id: await playerId(request, agent.name) };
}

async function playerId(request: APIRequestContext, name: string) {
  const found = await asOperator<{ data: { id: number; username: string }[] }>(
    request,
    `/admin/api/players?field=username&q=${name}`,
  );
  return found.data.find((p) => p.username === name)?.id ?? 0;
}

const beijingNow = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19);

test.afterEach(async ({ request }) => {
  await setTestClock(request, `${beijingNow()}+08:00`);
});

/**
 * Closes a month of the test clock's own, six months on (the agents journey uses two on), as the
 * daily job does after its last day: every agent with members gets a statement waiting for 财务.
 */
async function closeAMonth(request: APIRequestContext) {
  const now = new Date(`${beijingNow()}Z`);
  const firstAfter = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 7, 1));
  const lastDay = new Date(firstAfter.getTime() - 86_400_000).toISOString().slice(0, 10);
  await setTestClock(request, `${firstAfter.toISOString().slice(0, 10)}T00:10:00+08:00`);
  await asOperator(request, '/admin/api/jobs/run', { job: 'agent-commission', day: lastDay });
  await setTestClock(request, `${beijingNow()}+08:00`);
}

/** The page's table fits its card: nothing scrolls sideways, the last column is in view. */
async function fitsWidth(page: Page) {
  const overflow = await page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("运营 sets an agent's plan and moves a player in 代理列表, and the audit log has their reasons", {
  tag: ALONE,
}, async ({ page, request }) => {
  test.setTimeout(180_000);
  const agentA = await newAgent(request);
  const agentB = await newAgent(request);
  const player = await fundedPlayer(request, 0);
  const playerIdOf = await playerId(request, player.name);
  const planName = `E2E升级${Date.now().toString(36)}`.slice(0, 32);
  await asOperator(request, '/admin/api/agent-plans', {
    name: planName,
    is_default: false,
    rules: EXAMPLE_RULES,
    note: '端到端测试方案',
  });

  // 运营 gives agent A the plan through 设置方案: the dialog opens with the agent's current plan.
  await signInDemo(page, 'yunying');
  await openMenu(page, '代理列表');
  const filters = page.getByRole('form', { name: '代理列表筛选条件' });
  await filters.getByPlaceholder('代理用户名').fill(agentA.name);
  await filters.getByRole('button', { name: '查询' }).click();
  await tableRow(page, agentA.name).getByRole('button', { name: '设置方案' }).click();
  const dialog = page.getByRole('dialog', { name: '设置佣金方案', exact: true });
  await expect(dialog).toContainText(`代理 ${agentA.name} 当前方案：默认方案`);
  await act(page, '设置佣金方案', '签约升级方案', async (d) => {
    await d.getByLabel('佣金方案').click();
    await page.locator('.ant-select-item-option').filter({ hasText: planName }).click();
    await expect(d).toContainText('第1版：');
  });
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(tableRow(page, agentA.name)).toContainText(planName);

  // Agent B moves under agent A (with their downline), the player under agent B; A under B is refused.
  const search = async (name: string) => {
    await filters.getByPlaceholder('代理用户名').fill(name);
    await filters.getByRole('button', { name: '查询' }).click();
    await expect(tableRow(page, name)).toHaveCount(1);
  };
  await search(agentB.name);
  await tableRow(page, agentB.name).getByRole('button', { name: '移动' }).click();
  await act(page, '移动玩家', '并入A代理团队', async (d) => {
    await expect(d.getByLabel('玩家ID')).toHaveValue(String(agentB.id));
    await d.getByLabel('目标代理').fill(agentA.name);
  });
  await expect(page.getByText('已移动')).toBeVisible();
  await page.getByRole('button', { name: '移动玩家', exact: true }).click();
  await act(page, '移动玩家', '渠道合并至B代理', async (d) => {
    await d.getByLabel('玩家ID').fill(String(playerIdOf));
    await d.getByLabel('目标代理').fill(agentB.name);
  });
  await search(agentA.name);
  await tableRow(page, agentA.name).getByRole('button', { name: '移动' }).click();
  const move = page.getByRole('dialog', { name: '移动玩家', exact: true });
  await move.getByLabel('目标代理').fill(agentB.name);
  await move.getByLabel('操作原因').fill('反向移动应被拒绝');
  await move.getByRole('button', { name: '下一步' }).click();
  await page
    .getByRole('dialog', { name: '确认移动玩家？' })
    .getByRole('button', { name: '确认移动玩家' })
    .click();
  await expect(page.getByText('目标代理在该玩家的下级中，不能移动')).toBeVisible();
  await move.getByRole('button', { name: '取消' }).click();
  await expect(move).toHaveCount(0);

  // Agent A's tree: B one level down, with the player.
  await tableRow(page, agentA.name).locator('.ant-table-row-expand-icon').click();
  const sub = tableRow(page, agentB.name);
  await expect(sub).toContainText('2级');
  await expect(sub.locator('td').nth(4)).toHaveText('1');
  await snap(page, 'console-agents');

  // The month closes (agents A and B have members: a statement each).
  await signOut(page);
  await closeAMonth(request);

  // 审计 reads both reasons in the audit log; the dashboard's waiting statements, the reports.
  await signInDemo(page, 'shenji');
  const tile = page.locator('a').filter({ hasText: '待审核佣金账单' });
  await expect(tile).toContainText(/[1-9]/);
  await snap(page, 'console-agents-dashboard');
  await openMenu(page, '审计日志');
  const audit = page.getByRole('form', { name: '审计日志筛选' });
  await audit.getByPlaceholder('账号').fill('yunying');
  await audit.getByRole('button', { name: '查询' }).click();
  await expect(tableRow(page, '签约升级方案').first()).toContainText('管理佣金方案');
  await expect(tableRow(page, '渠道合并至B代理').first()).toContainText('移动玩家所属代理');
  await expect(tableRow(page, '并入A代理团队').first()).toContainText('移动玩家所属代理');
  await snap(page, 'console-agents-audit');
  await openMenu(page, '报表');
  await expect(page.getByText('每月佣金')).toBeVisible();
  await expect(page.getByText('每日明细')).toBeVisible();
  await snap(page, 'console-commission-report');

  // 财务's queue at 1440 px: the dashboard's tile opens the waiting statements, whole, 状态 and actions in view.
  await signOut(page);
  await signInDemo(page, 'caiwu');
  await page.locator('a').filter({ hasText: '待审核佣金账单' }).click();
  await expect(page.getByTestId('close-state')).toBeVisible();
  const row = tableRow(page, agentA.name);
  await expect(row).toContainText('待审核');
  await expect(row.getByRole('button', { name: '扣留' })).toBeInViewport();
  await fitsWidth(page);
  await snap(page, 'console-agent-statements');
});
