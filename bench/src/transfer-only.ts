/**
 * `npx tsx bench/src/transfer-only.ts`: only the wallet transfer figure of `npm run bench` (same
 * target, same load, same pgbench round), for iterating on the transfer path, with the CPU time per
 * transfer of the target process, of every process named postgres on the machine and of the load
 * generator. BENCH_TARGET_ARGS adds node flags to the target (e.g. --cpu-prof); NO_PGBENCH=1 skips pgbench.
 */
import fs from 'node:fs';
import { DURATION_S, median, ROUNDS, type Run, transferLoad } from './http-load';
import { SHEDDING_OFF } from './overload';
import { pgbenchTpcb } from './pgbench';
import { startTarget } from './target-process';

const extra = (process.env.BENCH_TARGET_ARGS ?? '').split(' ').filter(Boolean);

const { child, target } = await startTarget(SHEDDING_OFF, extra);
try {
  await transferLoad(target.app, target.tokens, 'pp');
  const runs: Run[] = [];
  const cpu = () => {
    const ticks = (pid: string) => {
      try {
        const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return Number(f[11]) + Number(f[12]);
      } catch {
        return 0;
      }
    };
    let pgTicks = 0;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) pgTicks += ticks(pid);
      } catch {}
    }
    return { node: ticks(String(child.pid)), pg: pgTicks, load: ticks(String(process.pid)) };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const before = cpu();
    const run = await transferLoad(target.app, target.tokens, 'pp');
    const after = cpu();
    const n = run.rps * DURATION_S;
    const us = (k: 'node' | 'pg' | 'load') => (((after[k] - before[k]) * 10_000) / n).toFixed(0);
    console.log(
      `round ${run.rps.toFixed(0)}/s cpu per transfer us: node ${us('node')} pg ${us('pg')} load ${us('load')}`,
    );
    runs.push(run);
  }
  const t = median(runs);
  console.log(
    `transfers/s ${t.rps.toFixed(0)} p99 ${t.p99} (${runs.map((r) => r.rps.toFixed(0)).join(' ')}) ${DURATION_S}s`,
  );
  if (process.env.DATABASE_URL && !process.env.NO_PGBENCH) {
    const pgbench = await pgbenchTpcb(process.env.DATABASE_URL);
    if (pgbench) {
      const tps = pgbench.round();
      await pgbench.drop();
      console.log(`pgbench ${tps.toFixed(0)} ratio ${(t.rps / tps).toFixed(3)}`);
    }
  }
} finally {
  child.kill('SIGTERM');
}
