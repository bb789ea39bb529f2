/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The feature boundary of DESIGN 11, as biome.json enforces it for apps/web/src/features: a feature
 * imports shared/ and its own folder, never another feature nor app/. Each test writes a module into
 * a feature's folder, lints it as `npm test` does and removes it.
 */
/** The repository root (where biome.json is), whether vitest runs from it or from apps/web. */
function repoRoot(dir = process.cwd()): string {
  if (existsSync(path.join(dir, 'biome.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('biome.json not found above the working directory');
  return repoRoot(parent);
}
const repo = repoRoot();
const probe = path.join(repo, 'apps/web/src/features/deposits/pages/boundary-probe.ts');
const CROSS_FEATURE =
  'A web feature imports only shared/ and its own folder (by a relative path); app/ composes features (DESIGN 11).';
const CLIMBS_OUT =
  "A relative import stays inside its feature's folder; what two features use lives in shared/ (DESIGN 11).";
const INTO_APP = 'A web feature never imports app/: app/ composes features, not the other way (DESIGN 11).';

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
describe('the feature boundary lint', { timeout: 60_000 }, () => {
  it("fails on an import of another feature's module", () => {
    const { failed, output } = lint(
      "import { useVipLevels } from '@/features/vip/api/get-vip-levels';\nexport const probe = useVipLevels;\n",
    );
    expect(failed).toBe(true);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain(CROSS_FEATURE);
  });

  it('fails on a relative import that climbs out of the feature, and on an import of app/', () => {
    const { failed, output } = lint(
      [
        "import { useVipLevels } from '../../vip/api/get-vip-levels';",
        "import { PAGE_LOADERS } from '@/app/page-modules';",
        'export const probe = [useVipLevels, PAGE_LOADERS];',
        '',
      ].join('\n'),
    );
    expect(failed).toBe(true);
    expect(output).toContain(CLIMBS_OUT);
    expect(output).toContain(INTO_APP);
  });

  it("passes imports of the feature's own folder and of shared/", () => {
    const { failed, output } = lint(
      [
        "import { T } from '@/shared/i18n/zh-cn';",
        "import { useRecharge } from '../api/recharge';",
        "import { AmountChoices } from '../components/amount-choices';",
        "import styles from './recharge-page.module.css';",
        'export const probe = [T, useRecharge, AmountChoices, styles];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain('noRestrictedImports');
    expect(failed).toBe(false);
  });
});
