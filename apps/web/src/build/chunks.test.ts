import { describe, expect, it } from 'vitest';
import { landingPageChunks, startChunk } from '../../build-plugins';

/** A module graph by static imports, as the bundler's chunking context answers it. */
const graph: Record<string, string[]> = {
  main: ['early', 'session-key'],
  start: ['client', 'icons', 'session-key'],
  client: ['early'],
  activity: ['tabs', 'icons', 'cards'],
  login: ['tabs', 'form', 'client', 'node_modules/ahooks/es/index.js'],
  'node_modules/ahooks/es/index.js': ['node_modules/dayjs/dayjs.min.js'],
  form: ['field'],
  withdrawal: ['form', 'sheet'],
  activityCard: ['tile'],
  tile: ['wait'],
};
const importersOf = (id: string) => Object.keys(graph).filter((importer) => graph[importer]?.includes(id));
const ctx = {
  getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [], importers: importersOf(id) }),
} as unknown as Parameters<ReturnType<typeof landingPageChunks>>[1];

describe('landing page chunks', () => {
  const name = landingPageChunks({ 'activity-page': 'activity', 'login-page': 'login' }, ['main', 'start']);

  it("puts what a landing page imports beyond the app's start into that page's chunk, the first page first", () => {
    expect(['activity', 'cards', 'tabs'].map((id) => name(id, ctx))).toEqual([
      'activity-page',
      'activity-page',
      'activity-page',
    ]);
    expect(['login', 'form', 'field'].map((id) => name(id, ctx))).toEqual([
      'login-page',
      'login-page',
      'login-page',
    ]);
  });

  it('leaves dayjs, which a page reaches only through a library index, to the usual chunking', () => {
    expect(name('node_modules/ahooks/es/index.js', ctx)).toBe('login-page');
    expect(name('node_modules/dayjs/dayjs.min.js', ctx)).toBeNull();
  });

  it("leaves the start's modules and other pages' own modules to the usual chunking", () => {
    expect(
      ['main', 'early', 'start', 'client', 'icons', 'withdrawal', 'sheet'].map((id) => name(id, ctx)),
    ).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('the start chunk', () => {
  const name = startChunk('start-shared', {
    start: 'start',
    entry: 'main',
    landingPages: ['activity', 'login'],
    alsoShared: /tile/,
  });

  it('holds what the start imports, what landing pages share and what pages share with the start', () => {
    expect(['start', 'client', 'icons', 'tabs', 'tile'].map((id) => name(id, ctx))).toEqual(
      Array(5).fill('start-shared'),
    );
  });

  it('holds what its modules import, so that no other chunk and it import each other', () => {
    expect(name('wait', ctx)).toBe('start-shared');
  });

  it('leaves out what the entry runs and what one landing page alone imports', () => {
    expect(['main', 'early', 'session-key', 'login', 'form', 'cards'].map((id) => name(id, ctx))).toEqual(
      Array(6).fill(null),
    );
  });
});
