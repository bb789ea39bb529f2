import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/** What the server sends compressed when a client accepts it: text formats, never images or fonts. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside every compressible file under
 * `dir`, so that the server answers them without compressing per request. A variant no smaller than
 * the file itself is not written: the file is then sent as it is.
 */
export async function precompressFiles(dir: string): Promise<void> {
  // Every file at once: zlib works on libuv's thread pool, so the cores share the best-quality brotli.
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      const variants: [string, Buffer][] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }).then((bytes): [string, Buffer] => ['.br', bytes]),
        gzipped(raw, { level: 9 }).then((bytes): [string, Buffer] => ['.gz', bytes]),
      ]);
      for (const [suffix, bytes] of variants) {
        if (bytes.length < raw.length) await fs.promises.writeFile(file + suffix, bytes);
      }
    }),
  );
}

/** Compresses the build once it is written (precompressFiles over the output folder). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFiles(outDir);
    },
  };
}

/**
 * Writes the page's icon into the HTML as a data: address: one request fewer while a phone's first
 * seconds of network go to the first screen. `icon` is the file under public/ the HTML names.
 */
export function inlineIcon(publicDir: string, icon: string): Plugin {
  return {
    name: 'inline-icon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = fs.readFileSync(path.join(publicDir, icon), 'utf8').trim();
      return html.replace(`href="/${icon}"`, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

/**
 * Each route's page module, as src/app/page-modules.ts names it: its loaders `const x: PageLoader = () =>
 * import('spec')` and the PAGE_LOADERS entries `name,` or `name: x,`. Absolute module paths by route
 * name (specs starting with `@/` are under `srcDir`, `./` beside the file).
 */
export function readPageModules(file: string, srcDir: string): Map<string, string> {
  const source = fs.readFileSync(file, 'utf8');
  const loaders = new Map(
    [...source.matchAll(/const (\w+): PageLoader = \(\) =>\s*import\('([^']+)'\)/g)].map(([, name, spec]) => [
      name as string,
      spec as string,
    ]),
  );
  const table = source.match(/PAGE_LOADERS[^=]*=\s*\{([^}]*)\}/)?.[1] ?? '';
  const pages = new Map<string, string>();
  for (const [, route, loader] of table.matchAll(/(\w+)(?::\s*(\w+))?,/g)) {
    const spec = loaders.get(loader ?? (route as string));
    if (!spec) continue;
    const base = spec.startsWith('@/')
      ? path.join(srcDir, spec.slice(2))
      : path.resolve(path.dirname(file), spec);
    pages.set(route as string, `${base}.tsx`);
  }
  return pages;
}

/**
 * The app's entry decides between the desktop frame and the app, then imports the app: without help
 * the browser learns of the app's code only once the entry has run. Preloading the app's start chunk,
 * the chunks it imports and its stylesheet from index.html fetches them beside the entry instead (the
 * stylesheet is only fetched: the app applies it, the desktop frame's page never does).
 *
 * The page of the address the player opens is fetched beside them too, by the entry (page-preload.ts),
 * from the list written here into index.html as inert data (`<template id="page-chunks">`, route path to the page's chunks
 * and stylesheets not already preloaded): the entry itself imports no page, so the pages' shared code
 * stays in the start chunk instead of splitting into dozens of small chunks, each a round trip.
 */
export function preloadAppStart(
  startModule: string,
  pages: { paths: Record<string, string>; modules: Map<string, string> },
): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const closure = (fileName: string) => {
          const files = new Set<string>();
          const css = new Set<string>();
          const visit = (name: string) => {
            if (files.has(name)) return;
            files.add(name);
            const chunk = chunks.find((c) => c.fileName === name);
            for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
            for (const imported of chunk?.imports ?? []) visit(imported);
          };
          visit(fileName);
          return { files, css };
        };
        // A module's chunk: the one it is the facade of, or the one a chunk group put it in.
        const chunkOf = (matches: (id: string) => boolean) =>
          chunks.find((c) => c.facadeModuleId && matches(c.facadeModuleId)) ??
          chunks.find((c) => c.moduleIds.some(matches));
        const start = chunkOf((id) => id.endsWith(startModule));
        if (!start) throw new Error(`preload-app-start: no chunk for ${startModule}`);
        const { files, css } = closure(start.fileName);
        const entry = ctx.chunk?.fileName;
        if (entry) files.delete(entry);
        // The entry asks the first screen's questions while the app's code downloads: a static import
        // would make it wait for that chunk (and importing the start-shared chunk once made the two
        // import each other, which broke the session store's start-up).
        if (ctx.chunk && ctx.chunk.imports.length > 0)
          throw new Error(`preload-app-start: the entry imports ${ctx.chunk.imports.join(', ')} statically`);

        const unread = Object.keys(pages.paths).filter((route) => !pages.modules.has(route));
        if (unread.length > 0)
          throw new Error(`preload-app-start: no page module read for ${unread.join(', ')}`);
        const pageChunks: Record<string, string[]> = {};
        for (const [route, module] of pages.modules) {
          const routePath = pages.paths[route];
          const chunk = chunkOf((id) => id === module);
          if (!routePath || !chunk) throw new Error(`preload-app-start: no chunk for the page ${route}`);
          const page = closure(chunk.fileName);
          pageChunks[routePath] = [
            ...[...page.css].filter((f) => !css.has(f)),
            ...[...page.files].filter((f) => !files.has(f) && f !== entry),
          ];
        }
        return [
          ...[...css].map((href) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', href: `/${href}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${href}` },
            injectTo: 'head' as const,
          })),
          // Inert data, not a script: the page runs no inline script (its CSP allows none).
          {
            tag: 'template',
            attrs: { id: 'page-chunks' },
            children: JSON.stringify(pageChunks),
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/**
 * Modules the app reaches through a library's index but never runs: dayjs comes through ahooks'
 * index (its useCountDown, which the bundle drops). Its CommonJS, captured into a chunk, would be kept
 * there (2.7 KB on login's wire); left alone, it goes with the date picker that uses it.
 */
const UNUSED_THROUGH_INDEX = /node_modules[\\/]dayjs[\\/]/;

/**
 * One chunk per landing page (a page a visitor opens first, from a link): every module its page
 * imports statically that the app's start does not, so that a phone fetches the page in one
 * request and one stylesheet rather than a dozen small shared chunks, each holding a connection
 * while the app's own code downloads. A later page that shares some of these modules loads the
 * landing page's chunk with them (cached already for most players: they came through login).
 * `pages`: group name to the page's module, in priority order; `starts`: the modules the app starts from.
 */
export function landingPageChunks(
  pages: Record<string, string>,
  starts: string[],
): (id: string, ctx: ChunkingContext) => string | null {
  const closure = staticClosures();
  return (id, ctx) => {
    if (closure('', starts, ctx).has(id)) return null;
    for (const [name, page] of Object.entries(pages)) if (closure(name, [page], ctx).has(id)) return name;
    return null;
  };
}

/**
 * The chunk of the app's start: every module `start` imports statically (the shell, the router, the
 * API client, their styles) that the entry does not run itself, what two or more `landingPages` share
 * (a landing page then loads its own chunk only), and the modules `alsoShared` names (what other pages
 * share with the start), in one script and one stylesheet rather than one per sharing pattern: each
 * is a round trip on a phone's network while React downloads.
 */
export function startChunk(
  name: string,
  {
    start,
    entry,
    landingPages,
    alsoShared,
  }: { start: string; entry: string; landingPages: string[]; alsoShared: RegExp },
): (id: string, ctx: ChunkingContext) => string | null {
  const closure = staticClosures();
  const sharedByLandingPages = (id: string, ctx: ChunkingContext) =>
    landingPages.filter((page) => closure(page, [page], ctx).has(id)).length > 1;
  const named = (id: string, ctx: ChunkingContext) =>
    alsoShared.test(id) || closure('start', [start], ctx).has(id) || sharedByLandingPages(id, ctx);
  // A module the chunk's own modules import goes with them (the libraries excepted: an earlier group
  // takes those): left to another chunk, the two chunks would import each other, which breaks the
  // start when the other chunk runs first.
  const importedByNamed = (id: string, ctx: ChunkingContext, seen = new Set<string>([id])): boolean =>
    (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => {
      if (seen.has(importer)) return false;
      seen.add(importer);
      return named(importer, ctx) || importedByNamed(importer, ctx, seen);
    });
  return (id, ctx) => {
    if (closure('entry', [entry], ctx).has(id)) return null;
    return named(id, ctx) || importedByNamed(id, ctx) ? name : null;
  };
}

/** Each set of modules that some roots import statically, recursively, computed once per key. */
function staticClosures() {
  const closures = new Map<string, Set<string>>();
  return (key: string, roots: string[], ctx: ChunkingContext): Set<string> => {
    let found = closures.get(key);
    if (!found) {
      found = new Set<string>();
      const todo = [...roots];
      while (todo.length > 0) {
        const id = todo.pop() as string;
        if (found.has(id)) continue;
        found.add(id);
        todo.push(
          ...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((dep) => !UNUSED_THROUGH_INDEX.test(dep)),
        );
      }
      closures.set(key, found);
    }
    return found;
  };
}
