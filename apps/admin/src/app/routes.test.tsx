import { ExperimentOutlined } from '@ant-design/icons';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteEntry } from '@/shared/routes/table';
import { fakeApi, renderRoutes } from '@/test/console';
import { PAGES } from './pages';
import { consoleRoutes } from './routes';

/** The route table with one more page, as whoever adds a page writes it. */
const probe: RouteEntry = {
  path: '/reports/weekly',
  label: '周报',
  menu: { area: '内容与报表', icon: <ExperimentOutlined /> },
  permission: 'reports.view',
};
const routes = consoleRoutes({ ...ROUTES, weekly: probe }, { ...PAGES, weekly: () => <p>本周数字</p> });

// A page's first render with antd is slow on a busy machine; a test here renders, filters and opens a dialog.
describe('a page added to the route table', { timeout: 60_000 }, () => {
  it('is in the menu, the router and the breadcrumbs for a role holding its permission', async () => {
    fakeApi({}, 'auditor');
    renderRoutes(routes, '/reports/weekly');
    expect(await screen.findByText('本周数字')).toBeTruthy();
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('link', { name: /周报/ }).getAttribute('href')).toBe('/reports/weekly');
    const crumbs = screen.getByRole('navigation');
    expect(crumbs.textContent).toBe('工作台/报表/周报');
    expect(within(crumbs).getByRole('link', { name: '报表' }).getAttribute('href')).toBe('/reports');
  });

  it('is neither in the menu nor open to a role without it', async () => {
    fakeApi({}, 'support');
    renderRoutes(routes, '/reports/weekly');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByText('本周数字')).toBeNull();
    expect(within(screen.getByRole('menu')).queryByRole('link', { name: /周报/ })).toBeNull();
  });
});
