import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries of DESIGN.md section 11 are Biome rules (biome.json, the overrides for
 * apps/server/src): these tests write small files where the rules apply and lint them with the
 * repository's own configuration, so a rule that stops biting fails here.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const probe = `boundaries-probe-${randomBytes(4).toString('hex')}`;
const moduleDir = path.join(root, 'apps/server/src/modules', probe);
const outsideDir = path.join(root, 'apps/server/src/lib', probe);

const CROSS_MODULE = "A module reaches another only through that module's public service";
const QUERY_OUTSIDE_REPOSITORY = "Only a module's repository.ts queries tables";
const OUTSIDE_MODULES = 'Code outside src/modules reaches a module only through its service';
const LEDGER = "The ledger's one public entry is src/ledger/ledger.ts";
const CYCLE = 'This import is part of a cycle';

/** A query, as a repository writes it. */
const A_QUERY = [
  "import { eq } from 'drizzle-orm';",
  "import type { Queryable } from '../../db/client';",
  "import { users } from '../../db/schema/users';",
  '',
  'export const find = (q: Queryable, id: number) => q.select().from(users).where(eq(users.id, id));',
  '',
].join('\n');

/** Lints files as `npx biome lint` would: whether they passed, and what Biome said. */
async function lint(...files: string[]): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(biome, ['lint', '--colors=off', ...files], { cwd: root });
    return { passed: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { passed: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

async function probeFile(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return path.relative(root, file);
}

beforeAll(async () => {
  await mkdir(moduleDir, { recursive: true });
  await mkdir(outsideDir, { recursive: true });
});

afterAll(async () => {
  await rm(moduleDir, { recursive: true, force: true });
  await rm(outsideDir, { recursive: true, force: true });
});

// Each lint reads the whole project (for import cycles): seconds alone, far longer on a busy machine.
describe('module boundaries (Biome)', { timeout: 120_000 }, () => {
  it("refuses a module importing another module's repository", async () => {
    const file = await probeFile(
      moduleDir,
      'service.ts',
      "import { readSetting } from '../settings/repository';\n\nexport const read = readSetting;\n",
    );
    const result = await lint(file);
    expect(result.passed).toBe(false);
    expect(result.output).toContain(CROSS_MODULE);
  });

  it("refuses a module importing another module's internal file", async () => {
    const file = await probeFile(
      moduleDir,
      'rules.ts',
      "import { checkPayPassword } from '../auth/pay-password';\n\nexport const check = checkPayPassword;\n",
    );
    const result = await lint(file);
    expect(result.passed).toBe(false);
    expect(result.output).toContain(CROSS_MODULE);
  });

  it('refuses a query outside a repository', async () => {
    const file = await probeFile(moduleDir, 'lookup.ts', A_QUERY);
    const result = await lint(file);
    expect(result.passed).toBe(false);
    expect(result.output).toContain(QUERY_OUTSIDE_REPOSITORY);
  });

  it('accepts the same query in a repository, in one named for its part, and in a read model', async () => {
    const file = await probeFile(moduleDir, 'repository.ts', A_QUERY);
    const part = await probeFile(moduleDir, 'operator-repository.ts', A_QUERY);
    const model = await probeFile(moduleDir, 'history-read-model.ts', A_QUERY);
    expect(await lint(file, part, model)).toMatchObject({ passed: true });
  });

  it("accepts another module's service, the module's own files and the shared code", async () => {
    const file = await probeFile(
      moduleDir,
      'use.ts',
      [
        "import type { AppContext } from '../../context';",
        "import { readSetting, siteSetting } from '../settings/service';",
        "import { find } from './repository';",
        '',
        'export const use = (ctx: AppContext) => Promise.all([readSetting(ctx.db, siteSetting), find(ctx.db, 1)]);',
        '',
      ].join('\n'),
    );
    expect(await lint(file)).toMatchObject({ passed: true });
  });

  it("keeps the ledger's own rule in modules and repositories", async () => {
    const file = await probeFile(
      moduleDir,
      'repository.ts',
      "import { recordMovement } from '../../ledger/movements';\n\nexport const record = recordMovement;\n",
    );
    const result = await lint(file);
    expect(result.passed).toBe(false);
    expect(result.output).toContain(LEDGER);
  });

  it('refuses an import cycle, one of type-only imports included', async () => {
    const first = await probeFile(
      moduleDir,
      'first.ts',
      "import type { Second } from './second';\n\nexport interface First {\n  second?: Second;\n}\n",
    );
    await probeFile(
      moduleDir,
      'second.ts',
      "import type { First } from './first';\n\nexport interface Second {\n  first?: First;\n}\n",
    );
    const result = await lint(first);
    expect(result.passed).toBe(false);
    expect(result.output).toContain(CYCLE);
  });

  it("refuses code outside the modules reaching a module's internals, not its service", async () => {
    const internal = await probeFile(
      outsideDir,
      'internal.ts',
      "import { readSetting } from '../../modules/settings/repository';\n\nexport const read = readSetting;\n",
    );
    const viaService = await probeFile(
      outsideDir,
      'service-user.ts',
      "import { readSetting } from '../../modules/settings/service';\n\nexport const read = readSetting;\n",
    );
    const refused = await lint(internal);
    expect(refused.passed).toBe(false);
    expect(refused.output).toContain(OUTSIDE_MODULES);
    expect(await lint(viaService)).toMatchObject({ passed: true });
  });
});
