import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * Every table belongs to one owner (a module, or the shared part named), and only the owner's files
 * import it from db/schema: another module asks the owner's service.ts. This file is the ownership
 * map; the test reads the imports of every source file under src/ and holds them to it.
 */

const src = path.resolve(import.meta.dirname, '../src');
const schemaDir = path.join(src, 'db/schema');

/** Table (its export in db/schema) → owner (a folder or a file under src/). */
const OWNERS: Record<string, string> = {
  // modules/players: the player's account, profile and avatar
  users: 'modules/players',
  avatars: 'modules/players',
  avatarVariants: 'modules/players',
  // modules/auth and modules/sign-in: sessions; captchas
  sessions: 'modules/auth',
  captchas: 'modules/sign-in',
  // modules/security: the player's second factor and the login events it shows
  loginEvents: 'modules/security',
  recoveryCodes: 'modules/security',
  // modules/protection: the player's own limits and the operator's restrictions
  playerLimits: 'modules/protection',
  playerRestrictions: 'modules/protection',
  // modules/content: what the player reads, and the console that edits it
  banners: 'modules/content',
  homeNotices: 'modules/content',
  notices: 'modules/content',
  messages: 'modules/content',
  activityTypes: 'modules/content',
  activities: 'modules/content',
  articles: 'modules/content',
  sponsors: 'modules/content',
  contentImages: 'modules/content',
  contentImageVariants: 'modules/content',
  // modules/applications: the applications operators decide
  activityApplications: 'modules/applications',
  agentApplications: 'modules/applications',
  // modules/agents: the agent programme (links, members and their chains, plans, statements, the close)
  agentLinks: 'modules/agents',
  agentMembers: 'modules/agents',
  commissionPlans: 'modules/agents',
  commissionPlanVersions: 'modules/agents',
  agentPlans: 'modules/agents',
  commissionCloseRuns: 'modules/agents',
  commissionStatements: 'modules/agents',
  commissionStatementLines: 'modules/agents',
  // modules/settings: what operators configure (the settings, pay channels, receiving accounts, VIP levels)
  settings: 'modules/settings',
  payChannels: 'modules/settings',
  receivingAccounts: 'modules/settings',
  vipLevels: 'modules/settings',
  // money and the records behind it
  accounts: 'ledger',
  ledgerTransfers: 'ledger',
  ledgerPending: 'ledger',
  deposits: 'modules/deposits',
  withdrawals: 'modules/withdrawals',
  cards: 'modules/cards',
  banks: 'modules/cards',
  venueTransfers: 'modules/wallet',
  turnoverEntries: 'modules/turnover',
  moneyReviews: 'modules/money-review',
  adjustments: 'modules/player-money',
  redPacketGrabs: 'modules/rewards',
  rebates: 'modules/rewards',
  vipChanges: 'modules/vip',
  // games and venues
  games: 'modules/games',
  bets: 'modules/games',
  betCursors: 'modules/bet-feed',
  venues: 'modules/venues',
  // the back office
  operators: 'modules/operators',
  operatorSessions: 'modules/operators',
  operatorApiKeys: 'modules/operators',
  auditLog: 'modules/audit',
  // shared parts with tables of their own
  idempotentReplies: 'lib/idempotency.ts',
  rateLimitCounters: 'plugins/rate-limit-store.ts',
  sandboxPayments: 'payments/sandbox',
  demoVenueWallets: 'venues/demo',
  demoVenueOrders: 'venues/demo',
  demoVenueBets: 'venues/demo',
  demoVenueLaunches: 'venues/demo',
  demoVenueSessions: 'venues/demo',
};

/**
 * Files that read other owners' tables by design, read-only, each for one stated reason. Keep this
 * list short: a new entry needs a reason an operator page or a check cannot do without.
 */
const READ_MODELS: Record<string, string> = {
  'modules/players/records-repository.ts':
    "the operator's player search and the lists of a player's page, each one sortable query",
  'modules/money-review/queue-read-model.ts':
    'the review queues and pending transfers, each page filtered and sorted across order, player, channel or card, reservation and review',
  'modules/transactions/history-read-model.ts':
    "the player's records of one type, each page one statement with its ledger reservation's state",
  'ledger/holdings.ts': 'ledger:verify compares the ledger with the records behind it',
  'lib/metrics.ts': 'the gauges of money waiting (read each scrape)',
  seeds: 'the reference and demo rows every owner needs at start',
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  // boundaries-lint.test.ts writes probe modules under src/ while it runs, maybe beside this test.
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.relative(src, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith('db/schema/') && !file.includes('boundaries-probe-'));
}

/** The names a file imports from db/schema. */
function schemaImports(text: string): string[] {
  const names: string[] = [];
  for (const [, list] of text.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema\/[^']*'/g,
  )) {
    for (const part of (list ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

const ownedBy = (file: string, owner: string) => file === owner || file.startsWith(`${owner}/`);
const readModel = (file: string) => Object.keys(READ_MODELS).some((model) => ownedBy(file, model));

describe('table ownership', () => {
  it('gives every table of db/schema one owner', async () => {
    const tables: string[] = [];
    for (const file of await readdir(schemaDir)) {
      const schema: Record<string, unknown> = await import(path.join(schemaDir, file));
      for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) tables.push(name);
    }
    expect(tables.sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it("lets only a table's owner import it, but for the read models", async () => {
    const crossings: Record<string, string[]> = {};
    for (const file of await sourceFiles(src)) {
      if (readModel(file)) continue;
      const text = await readFile(path.join(src, file), 'utf8');
      const foreign = schemaImports(text).filter(
        (name) => name in OWNERS && !ownedBy(file, OWNERS[name] ?? ''),
      );
      if (foreign.length > 0) crossings[file] = [...new Set(foreign)].sort();
    }
    expect(crossings).toEqual({});
  });
});
