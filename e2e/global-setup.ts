import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The tests run against the built app: build it when missing or stale (npm test has just built it). */
export default function globalSetup() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/web-build.mjs')], {
    stdio: 'inherit',
  });
}
