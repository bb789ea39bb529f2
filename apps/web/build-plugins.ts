import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

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

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

const chunksOf = (bundle: Bundle): Chunk[] =>
  Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');

/** A chunk's files and stylesheets with everything it imports statically. */
function staticClosure(chunks: Chunk[], fileName: string): { files: Set<string>; css: Set<string> } {
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
}

/** A module's chunk: the one it is the facade of, or the one a chunk group put it in. */
const chunkOfModule = (chunks: Chunk[], matches: (id: string) => boolean) =>
  chunks.find((c) => c.facadeModuleId && matches(c.facadeModuleId)) ??
  chunks.find((c) => c.moduleIds.some(matches));

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
  pages: { paths: Record<string, string>; modules: () => Map<string, string> },
): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = chunksOf(bundle);
        const closure = (fileName: string) => staticClosure(chunks, fileName);
        const chunkOf = (matches: (id: string) => boolean) => chunkOfModule(chunks, matches);
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

        const modules = pages.modules();
        const unread = Object.keys(pages.paths).filter((route) => !modules.has(route));
        if (unread.length > 0)
          throw new Error(`preload-app-start: no page module read for ${unread.join(', ')}`);
        const pageChunks: Record<string, string[]> = {};
        for (const [route, module] of modules) {
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

const FONT = /\.(woff2?|ttf|otf)$/;
/** What the worker answers a navigation with when the network is down (public/). */
const OFFLINE_PAGE = '/offline.html';

/**
 * Writes dist/sw.js from `worker` (service-worker/sw.js), with this release's app shell in place of its
 * `'__RELEASE__'`: the entry, the app's start and what it imports, their stylesheets, the fonts, the
 * web app manifest, the icons named (not every size the manifest lists: the browser fetches those it
 * installs with), and the offline page with its script. Its version is a hash of those
 * files' names and of the unhashed ones' bytes, so every release that changes the shell gets a new
 * worker and a cache of its own (the worker deletes the others once it takes over).
 */
export function serviceWorker(
  worker: string,
  publicDir: string,
  options: { startModule: string; manifest: string; icons: string[] },
): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entry = chunks.find((c) => c.isEntry);
      const start = chunkOfModule(chunks, (id) => id.endsWith(options.startModule));
      if (!entry || !start) throw new Error('service-worker: no entry or start chunk');
      const { files, css } = staticClosure(chunks, start.fileName);
      const fonts = Object.keys(bundle).filter((name) => FONT.test(name));
      const unhashed = [`/${options.manifest}`, ...options.icons, OFFLINE_PAGE, '/offline.js'];
      const shell = [
        ...[entry.fileName, ...files, ...css, ...fonts].map((name) => `/${name}`),
        ...unhashed.filter((src) => src !== OFFLINE_PAGE),
      ];
      const hash = createHash('sha256').update(shell.join('\n'));
      for (const src of unhashed) hash.update(fs.readFileSync(path.join(publicDir, src)));
      const release = {
        version: hash.digest('hex').slice(0, 12),
        shell: [...new Set(shell)],
        offline: OFFLINE_PAGE,
      };
      const source = fs.readFileSync(worker, 'utf8');
      if (!source.includes("'__RELEASE__'")) throw new Error(`service-worker: no '__RELEASE__' in ${worker}`);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source.replace("'__RELEASE__'", () => JSON.stringify(JSON.stringify(release))),
      });
    },
  };
}
