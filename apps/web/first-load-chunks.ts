import type { ESTree, Plugin, Rolldown } from 'vite';

type ModuleInfo = Pick<Rolldown.ModuleInfo, 'importedIds' | 'dynamicallyImportedIds' | 'isEntry'>;
/** The module graph as the bundler knows it once every module is read. */
export interface ModuleGraph {
  ids: Iterable<string>;
  info(id: string): ModuleInfo | null;
}

export const START_CHUNK = 'start-shared';
/** A first-screen page's chunk is named for its route. */
export const pageChunkName = (route: string) => `${route}-page`;

/**
 * dayjs comes through ahooks' index (its useCountDown, which the bundle drops). Its CommonJS, captured
 * into a chunk, would be kept there (2.7 KB on login's wire); left alone, it goes with the date picker
 * that uses it.
 */
const UNUSED_THROUGH_INDEX = /node_modules[\\/]dayjs[\\/]/;

function staticClosure(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    if (found.has(id) || UNUSED_THROUGH_INDEX.test(id)) continue;
    found.add(id);
    todo.push(...(graph.info(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Which chunk each module of a phone's first load goes to, read off the module graph:
 * - the entry and what it imports statically stay in the entry's chunk (it runs before React arrives);
 * - the app's start (what the entry's modules import dynamically) with everything it imports statically, and
 *   every module two or more first-screen pages import, in one chunk and one stylesheet;
 * - each first-screen page with everything else it imports statically, in one chunk of its own, so
 *   that a phone fetches the page in one request rather than a dozen small shared chunks. A later page
 *   sharing some of these modules loads that page's chunk with them.
 * Every set is closed under static imports (less the entry's, which import nothing back), so no two of
 * these chunks import each other. Modules not listed are left to the bundler's own chunking.
 * `pages`: route name to page module, the first screens in priority order.
 */
export function planFirstLoad(graph: ModuleGraph, pages: Map<string, string>): Map<string, string> {
  const entries = [...graph.ids].filter((id) => graph.info(id)?.isEntry);
  if (entries.length !== 1) throw new Error(`first-load chunks: expected one entry, found ${entries.length}`);
  const entry = staticClosure(graph, entries);
  const starts = [...entry].flatMap((id) => graph.info(id)?.dynamicallyImportedIds ?? []);
  const plan = new Map<string, string>();
  for (const id of staticClosure(graph, starts)) if (!entry.has(id)) plan.set(id, START_CHUNK);
  const owners = new Map<string, string[]>();
  for (const [route, page] of pages) {
    for (const id of staticClosure(graph, [page])) {
      if (entry.has(id) || plan.has(id)) continue;
      owners.set(id, [...(owners.get(id) ?? []), route]);
    }
  }
  for (const [id, routes] of owners)
    plan.set(id, routes.length > 1 ? START_CHUNK : pageChunkName(routes[0] as string));
  return plan;
}

/**
 * The page table's routes and their page modules' specifiers, read from its syntax: each property of
 * the object `tableName` (`route,` or `route: loader,`) names a loader `const loader = () => import('spec')...`.
 */
export function pageSpecs(program: ESTree.Program, tableName: string): Map<string, string> {
  const declarators = program.body.flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    return declaration?.type === 'VariableDeclaration' ? declaration.declarations : [];
  });
  const named = (name: string) =>
    declarators.find((d) => d.id.type === 'Identifier' && d.id.name === name)?.init ?? undefined;
  const table = named(tableName);
  if (table?.type !== 'ObjectExpression') throw new Error(`page table: no object ${tableName}`);
  const pages = new Map<string, string>();
  for (const property of table.properties) {
    const route = property.type === 'Property' && property.key.type === 'Identifier' ? property.key.name : '';
    const loader =
      property.type === 'Property' && property.value.type === 'Identifier' ? property.value.name : '';
    const spec = importedSpec(named(loader));
    if (!route || !spec) throw new Error(`page table: ${route || 'a property'} names no page loader`);
    pages.set(route, spec);
  }
  return pages;
}

/** The specifier of the first `import('...')` inside a syntax node, if any. */
function importedSpec(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as Partial<ESTree.ImportExpression>;
  if (n.type === 'ImportExpression' && n.source?.type === 'Literal' && typeof n.source.value === 'string')
    return n.source.value;
  for (const value of Object.values(node)) {
    const found = Array.isArray(value) ? value.map(importedSpec).find(Boolean) : importedSpec(value);
    if (found) return found;
  }
  return undefined;
}

/** Chunks that import each other statically, as `a -> b -> a`; none when the chunk graph has no cycle. */
export function chunkCycles(imports: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      cycles.push([...path.slice(path.indexOf(name)), name].join(' -> '));
      return;
    }
    state.set(name, 'open');
    for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of imports.keys()) visit(name, []);
  return cycles;
}

/**
 * The first load's chunking: `plugin` reads the page table (`pageTable`, its object `tableName`),
 * plans the chunks once the module graph is complete (planFirstLoad) and fails the build when any two
 * chunks import each other (the built app would stop at start-up); `group` is the bundler's chunk group
 * that follows the plan; `pages()` is every route's page module, for the preload list.
 * `firstScreens`: the routes a phone opens first (home and the pages visitors open from links).
 */
export function firstLoadChunks({
  pageTable,
  tableName,
  firstScreens,
}: {
  pageTable: string;
  tableName: string;
  firstScreens: string[];
}) {
  const pages = new Map<string, string>();
  let plan = new Map<string, string>();
  const plugin: Plugin = {
    name: 'first-load-chunks',
    apply: 'build',
    async transform(code, id) {
      if (id !== pageTable) return;
      for (const [route, spec] of pageSpecs(this.parse(code, { lang: 'tsx' }), tableName)) {
        const resolved = await this.resolve(spec, id);
        if (!resolved) throw new Error(`page table: ${spec} (${route}) does not resolve`);
        pages.set(route, resolved.id);
      }
    },
    buildEnd(error) {
      if (error) return;
      const unknown = firstScreens.filter((route) => !pages.has(route));
      if (unknown.length > 0) throw new Error(`first-load chunks: no page for ${unknown.join(', ')}`);
      plan = planFirstLoad(
        { ids: this.getModuleIds(), info: (id) => this.getModuleInfo(id) },
        new Map(firstScreens.map((route) => [route, pages.get(route) as string])),
      );
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const cycles = chunkCycles(new Map(chunks.map((c) => [c.fileName, c.imports])));
      if (cycles.length > 0) this.error(`chunks import each other: ${cycles.join('; ')}`);
    },
  };
  return {
    plugin,
    group: {
      name: (id: string) => plan.get(id) ?? null,
      debugName: 'first-load',
      // The sets are closed already; the bundler's own closure would also take the entry's modules.
      includeDependenciesRecursively: false,
    },
    pages: () => pages,
  };
}
