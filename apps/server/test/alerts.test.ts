import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths';
import { createTestApp, freePort, type TestApp } from './harness';

/**
 * The alert rules and the dashboard (README: Alerts and dashboards): promtool checks the rules and
 * runs their unit tests (deploy/prometheus/alerts.test.yml), and every metric the rules and the
 * dashboard's panels query is one a running server exports (a misspelt one would never fire).
 */
const run = promisify(execFile);
const prometheusDir = path.join(repoRoot, 'deploy/prometheus');
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => fs.existsSync(p));
if (!promtool) console.warn('alert rule tests skipped: promtool is missing (apt-get install -y prometheus)');

/** The PromQL of every rule in a rules file: `expr:` on one line, or a `|` block below it. */
function ruleExpressions(text: string): string[] {
  const lines = text.split('\n');
  const exprs: string[] = [];
  lines.forEach((line, i) => {
    const match = line.match(/^(\s*)expr:\s*(.*)$/);
    if (!match) return;
    const [, indent = '', rest = ''] = match;
    if (rest !== '|') {
      exprs.push(rest);
      return;
    }
    const block: string[] = [];
    for (const next of lines.slice(i + 1)) {
      if (next.trim() !== '' && next.search(/\S/) <= indent.length) break;
      block.push(next);
    }
    exprs.push(block.join('\n'));
  });
  return exprs;
}

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'group_left',
  'group_right',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (not functions, labels, keywords, durations or variables). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\w+/g, '');
  return [...bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(?![\w:]|\s*\()/g)]
    .map((m) => m[1] ?? '')
    .filter((name) => !KEYWORDS.has(name.toLowerCase()));
}

/** Series names a /metrics text offers: each `# TYPE`, a histogram's or summary's with their suffixes. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

describe.skipIf(!promtool)('alert rules (promtool)', () => {
  it('pass promtool check rules and every unit test of alerts.test.yml', async () => {
    const check = await run(promtool ?? '', ['check', 'rules', 'alerts.yml'], { cwd: prometheusDir });
    expect(check.stdout).toMatch(/SUCCESS: \d+ rules found/);
    const unit = await run(promtool ?? '', ['test', 'rules', 'alerts.test.yml'], { cwd: prometheusDir });
    expect(unit.stdout).toContain('SUCCESS');
  });
});

describe('metrics the alert rules and the dashboard read', () => {
  let t: TestApp;
  let server: Server;
  let exported = new Set<string>();
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const port = await freePort();
    server = await t.ctx.metrics.listen(port, '127.0.0.1');
    exported = exportedNames(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
    exported.add('up'); // Prometheus's own, per scrape target
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('are all exported by a running server', () => {
    const rules = ruleExpressions(fs.readFileSync(path.join(prometheusDir, 'alerts.yml'), 'utf8'));
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'deploy/grafana/platform.json'), 'utf8'),
    ) as { schemaVersion: number; panels: { targets: { expr: string }[] }[] };
    const panels = dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr));
    expect(rules.length).toBeGreaterThanOrEqual(14);
    expect(panels.length).toBeGreaterThanOrEqual(12);
    const read = new Set([...rules, ...panels].flatMap(metricNames));
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
    for (const name of [
      'platform_queue_oldest_seconds',
      'job_last_success_timestamp_seconds',
      'db_pool_waiting',
    ])
      expect(read).toContain(name);
  });

  it('would catch a misspelt metric', () => {
    const read = metricNames(
      'sum by (le) (rate(http_request_duration_second_bucket{job="platform"}[5m])) > 1',
    );
    expect(read).toEqual(['http_request_duration_second_bucket']);
    expect(exported.has(read[0] ?? '')).toBe(false);
  });
});
