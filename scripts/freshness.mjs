// Whether a build output is older than any of its sources: `npm start` rebuilds what is stale.
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** 'missing', 'stale' or 'fresh': `built` against the newest of `sources` (files or folders). */
export function buildState(built, sources) {
  if (!fs.existsSync(built)) return 'missing';
  const builtAt = fs.statSync(built).mtimeMs;
  return Math.max(...sources.map(newestMtime)) > builtAt ? 'stale' : 'fresh';
}
