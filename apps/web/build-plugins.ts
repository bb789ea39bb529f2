import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

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
 * The app's entry decides between the desktop frame and the app, then imports the app: without help
 * the browser learns of the app's code only once the entry has run. Preloading the app's start chunk,
 * the chunks it imports and its stylesheet from index.html fetches them beside the entry instead (the
 * stylesheet is only fetched: the app applies it, the desktop frame's page never does).
 */
export function preloadAppStart(startModule: string): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const start = chunks.find((c) => c.facadeModuleId?.endsWith(startModule));
        if (!start) throw new Error(`preload-app-start: no chunk for ${startModule}`);
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        const entry = ctx.chunk?.fileName;
        if (entry) files.delete(entry);
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
        ];
      },
    },
  };
}
