import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkCycles, pageSpecs, planFirstLoad } from '../../first-load-chunks';

/** A module graph: static imports, dynamic imports; `main` is the entry. */
const imports: Record<string, string[]> = {
  main: ['early', 'session-key'],
  start: ['client', 'icons', 'session-key', 'page-table'],
  client: ['early'],
  home: ['balance', 'tile'],
  activity: ['tabs', 'icons', 'cards', 'tile'],
  login: ['tabs', 'form', 'client', 'node_modules/ahooks/es/index.js'],
  'node_modules/ahooks/es/index.js': ['node_modules/dayjs/dayjs.min.js'],
  form: ['field'],
  withdrawal: ['form', 'sheet', 'balance'],
  tile: ['wait'],
};
const dynamicImports: Record<string, string[]> = {
  main: ['start'],
  'page-table': ['home', 'activity', 'login', 'withdrawal'],
};
const ids = [...new Set([...Object.keys(imports), ...Object.values(imports).flat()])];
const graph = {
  ids,
  info: (id: string) => ({
    importedIds: imports[id] ?? [],
    dynamicallyImportedIds: dynamicImports[id] ?? [],
    isEntry: id === 'main',
  }),
};
const plan = planFirstLoad(
  graph,
  new Map([
    ['home', 'home'],
    ['activity', 'activity'],
    ['login', 'login'],
  ]),
);
const chunkOf = (id: string) => plan.get(id) ?? null;

describe('the first load, read off the module graph', () => {
  it("holds the app's start and what two first-screen pages share in the start chunk", () => {
    expect(['start', 'client', 'icons', 'page-table', 'tabs', 'tile', 'wait'].map(chunkOf)).toEqual(
      Array(7).fill('start-shared'),
    );
  });

  it('puts what one first-screen page alone imports into that page’s chunk', () => {
    expect(['home', 'balance'].map(chunkOf)).toEqual(['home-page', 'home-page']);
    expect(['activity', 'cards'].map(chunkOf)).toEqual(['activity-page', 'activity-page']);
    expect(['login', 'form', 'field', 'node_modules/ahooks/es/index.js'].map(chunkOf)).toEqual(
      Array(4).fill('login-page'),
    );
  });

  it('leaves what the entry runs, dayjs (reached only through a library index) and other pages to the bundler', () => {
    expect(
      ['main', 'early', 'session-key', 'node_modules/dayjs/dayjs.min.js', 'withdrawal', 'sheet'].map(chunkOf),
    ).toEqual(Array(6).fill(null));
  });

  it('draws no two chunks that import each other', () => {
    const chunkImports = new Map<string, Set<string>>();
    for (const [id, deps] of Object.entries(imports)) {
      const from = chunkOf(id);
      if (!from) continue;
      for (const dep of deps) {
        const to = chunkOf(dep);
        if (to && to !== from) chunkImports.set(from, new Set([...(chunkImports.get(from) ?? []), to]));
      }
    }
    expect(chunkCycles(new Map([...chunkImports].map(([from, to]) => [from, [...to]])))).toEqual([]);
  });
});

describe('chunk cycles', () => {
  it('names chunks that import each other, directly or through others', () => {
    expect(
      chunkCycles(
        new Map([
          ['index.js', []],
          ['start.js', ['vendor.js', 'activity.js']],
          ['activity.js', ['login.js']],
          ['login.js', ['start.js']],
          ['vendor.js', []],
        ]),
      ),
    ).toEqual(['start.js -> activity.js -> login.js -> start.js']);
  });
});

describe('the page table', () => {
  const source = `
    import type { PageLoader } from './x';
    const home: PageLoader = () => import('./pages/home-route').then((m) => after(m.HomeRoute));
    const login: PageLoader = () =>
      import('@/features/auth/pages/login-page').then((m) => m.LoginPage);
    const appDownload: PageLoader = () => import('@/features/site/pages/app-download-page').then((m) => m.AppDownloadPage);
    export const PAGE_LOADERS: Record<RouteName, PageLoader> = { home, login, app: appDownload };
  `;

  it("reads each route's page module from the loaders the table names", () => {
    expect(pageSpecs(parseSync('page-modules.ts', source).program, 'PAGE_LOADERS')).toEqual(
      new Map([
        ['home', './pages/home-route'],
        ['login', '@/features/auth/pages/login-page'],
        ['app', '@/features/site/pages/app-download-page'],
      ]),
    );
  });

  it('refuses a route whose loader imports no page', () => {
    const broken = `const x = () => 1; export const PAGE_LOADERS = { home: x };`;
    expect(() => pageSpecs(parseSync('page-modules.ts', broken).program, 'PAGE_LOADERS')).toThrow(
      'page table: home names no page loader',
    );
  });
});
