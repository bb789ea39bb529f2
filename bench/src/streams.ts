import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { SHEDDING_OFF } from './overload';
import { startTarget, stopTarget } from './target-process';

/** The idle player streams one node holds in each step, and how many open at a time. */
const STEPS = [2_000, 10_000];
const OPENING_AT_ONCE = 200;
/** Heartbeats are counted over this long (the server's default heartbeat is every 20 s). */
const MEASURE_MS = 60_000;
/** Many streams share a session (the server allows several per session, as several tabs have). */
const PLAYERS = 20;
/** A stream ticket opens streams for 60 s: a new one well before that. */
const TICKET_REUSE_MS = 30_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

/** This process's limit of open files: every stream is a socket here and one at the node. */
function openFilesLimit(): number {
  const line = /Max open files\s+(\d+)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  return Number(line?.[1] ?? 0);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

/**
 * How many idle player event streams one node holds, and what they cost: the node's RSS before
 * and after 2,000 and then 10,000 open streams (on DATABASE_URL, else the embedded database), per
 * stream, and the heartbeat bytes a stream receives per minute (HTTP framing included, as the node
 * writes them; TLS and TCP headers come on top).
 */
export async function streams(): Promise<void> {
  const needed = (STEPS.at(-1) ?? 0) + 200;
  if (openFilesLimit() < needed) {
    console.log(
      `\nIdle event streams: not measured (open-files limit below ${needed}: raise it with ulimit -n)`,
    );
    return;
  }
  const { child, target } = await startTarget({ ...SHEDDING_OFF, BENCH_PLAYERS: String(PLAYERS) });
  const pid = child.pid ?? 0;
  const open: http.ClientRequest[] = [];
  const sockets: Socket[] = [];
  try {
    const tickets = new Map<string, { ticket: string; at: number }>();
    const ticketOf = async (token: string) => {
      const kept = tickets.get(token);
      if (kept && Date.now() - kept.at < TICKET_REUSE_MS) return kept.ticket;
      const res = await fetch(`${target.app}/api/events/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const { ticket } = ((await res.json()) as { data: { ticket: string } }).data;
      tickets.set(token, { ticket, at: Date.now() });
      return ticket;
    };
    const openOne = async (i: number) => {
      const ticket = await ticketOf(target.tokens[i % target.tokens.length] ?? '');
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${target.app}/api/events?ticket=${encodeURIComponent(ticket)}`, {
          agent: false,
        });
        req.once('response', (res) => {
          if (res.statusCode !== 200) reject(new Error(`stream ${i}: ${res.statusCode}`));
          res.resume();
          sockets.push(res.socket);
          resolve();
        });
        req.once('error', reject);
        open.push(req);
      });
    };

    await settle();
    const before = rssOf(pid);
    console.log(
      `\nIdle player event streams on one node (database: ${target.db}; ${PLAYERS} players, several streams a session)`,
    );
    console.log(`  node RSS with no stream   : ${mb(before)}`);
    for (const step of STEPS) {
      const started = Date.now();
      for (let i = open.length; i < step; i += OPENING_AT_ONCE) {
        const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, step - i) }, (_, j) => openOne(i + j));
        await Promise.all(batch);
      }
      const openedIn = Date.now() - started;
      await settle();
      const after = rssOf(pid);
      const readBefore = sockets.reduce((sum, s) => sum + s.bytesRead, 0);
      await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
      const read = sockets.reduce((sum, s) => sum + s.bytesRead, 0) - readBefore;
      const perMinute = (read / sockets.length) * (60_000 / MEASURE_MS);
      console.log(
        `  ${String(step).padStart(6)} streams (opened in ${(openedIn / 1000).toFixed(1)} s): node RSS ${mb(after)}, ${mb(after - before)} more, ${((after - before) / step / 1024).toFixed(1)} KB a stream; heartbeats ${perMinute.toFixed(0)} B a stream a minute (${((perMinute * step) / 1024).toFixed(0)} KB a minute for all)`,
      );
    }
  } finally {
    for (const req of open) req.destroy();
    await stopTarget(child);
  }
}
