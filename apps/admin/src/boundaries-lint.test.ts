/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The console's feature boundary, as biome.json enforces it for apps/admin/src/features: a feature
 * imports shared/ and its own folder, never another feature nor app/. Each test writes a module into
 * a feature's folder, lints it as `npm test` does and removes it.
 */
function repoRoot(dir = process.cwd()): string {
  if (existsSync(path.join(dir, 'biome.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('biome.json not found above the working directory');
  return repoRoot(parent);
}
const repo = repoRoot();
const probe = path.join(repo, 'apps/admin/src/features/players/pages/boundary-probe.ts');

function lint(source: string) {
  writeFileSync(probe, source);
  const run = spawnSync(path.join(repo, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=50', probe], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => rmSync(probe, { force: true }));

// Biome reads the whole project for its import-cycle rule: seconds a run, more on a busy machine.
describe('the console feature boundary lint', { timeout: 60_000 }, () => {
  it("fails on another feature's module, by alias or by a relative path, and on app/", () => {
    const { failed, output } = lint(
      [
        "import { fetchQueue } from '@/features/money-review/api';",
        "import { searchAudit } from '../../audit/api';",
        "import { PAGES } from '@/app/pages';",
        'export const probe = [fetchQueue, searchAudit, PAGES];',
        '',
      ].join('\n'),
    );
    expect(failed).toBe(true);
    expect(output).toContain('A console feature imports only shared/ and its own folder');
    expect(output).toContain("A relative import stays inside its console feature's folder");
    expect(output).toContain('A console feature never imports app/');
  });

  it("passes imports of the feature's own folder and of shared/", () => {
    const { failed, output } = lint(
      [
        "import { playerPath } from '@/shared/routes/table';",
        "import { searchPlayers } from '../api/players';",
        "import { BalancesCard } from '../components/balances-card';",
        "import { PlayerPage } from './player-page';",
        'export const probe = [playerPath, searchPlayers, BalancesCard, PlayerPage];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain('noRestrictedImports');
    expect(failed).toBe(false);
  });
});
