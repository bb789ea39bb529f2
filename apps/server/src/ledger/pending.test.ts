import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/harness';
import { targets } from '../../test/harness';
import { ledgerDatabase } from '../../test/ledger-database';
import { accounts, ledgerPending, ledgerTransfers, PendingState } from '../db/schema/ledger';
import { sessions } from '../db/schema/users';
import { AccountDirectory, type AccountRef, HouseAccount, houseBalance } from './accounts';
import { recordMovement } from './movements';
import { type CloseRow, PendingStatements, type ReserveRow } from './pending';

describe.each(targets)('PendingStatements on %s', (target) => {
  let database: TestDatabase;
  let statements: PendingStatements;
  let players: number[];
  let centrals: AccountRef[];
  let transit: AccountRef;
  let float: AccountRef;
  let results: AccountRef;
  const at = new Date('2026-02-03T04:05:06Z');

  beforeAll(async () => {
    const made = await ledgerDatabase(target, 3);
    database = made.database;
    players = made.players;
    statements = new PendingStatements(database.db);
    const directory = new AccountDirectory();
    const promotions = await directory.resolve(database.db, HouseAccount.promotionsExpense);
    transit = await directory.resolve(database.db, HouseAccount.venueTransit);
    float = await directory.resolve(database.db, { venueFloat: 'pp' });
    results = await directory.resolve(database.db, HouseAccount.gameResults);
    centrals = [];
    for (const player of players) {
      const central = await directory.resolve(database.db, { central: player });
      centrals.push(central);
      await database.db.transaction((tx) =>
        recordMovement(tx, {
          debit: promotions,
          credit: central,
          amount: 100_00n,
          kind: 'test',
          key: `fund:${player}`,
          at,
        }),
      );
    }
  });
  afterAll(() => database.drop());

  const reservation = (key: string, source: AccountRef, amount: bigint, extra: Partial<ReserveRow> = {}) =>
    statements.reserve({
      key,
      kind: 'transfer',
      source,
      holding: transit,
      amount,
      ref: undefined,
      at,
      record: undefined,
      session: undefined,
      ...extra,
    });
  const balanceOf = async (ref: AccountRef) =>
    (await database.db.select().from(accounts).where(eq(accounts.id, ref.id)))[0]?.balance;
  const pendingRow = async (key: string) =>
    (await database.db.select().from(ledgerPending).where(eq(ledgerPending.key, key)))[0];
  const settle = (key: string, parts: CloseRow['parts'], note = ''): CloseRow => ({
    key,
    state: PendingState.settled,
    parts,
    note,
    at,
  });
  const voiding = (key: string, note = ''): CloseRow => ({
    key,
    state: PendingState.voided,
    parts: [{ to: undefined, amount: undefined, kind: undefined }],
    note,
    at,
  });

  it('reserves from a player into the holding account, with its movement and pending row', async () => {
    const [mine] = centrals as [AccountRef];
    expect(await reservation('p1', mine, 30_00n, { ref: { type: 'venue_transfer', id: '1' } })).toBe(
      'reserved',
    );
    expect(await balanceOf(mine)).toBe(70_00n);
    expect(await houseBalance(database.db, 'house:venue_transit')).toBe(30_00n);
    expect(await pendingRow('p1')).toMatchObject({
      kind: 'transfer',
      sourceAccountId: mine.id,
      holdingAccountId: transit.id,
      amount: 30_00n,
      state: PendingState.pending,
      refType: 'venue_transfer',
      refId: '1',
      createdAt: at,
    });
    const [moved] = await database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, 'p1:reserve'));
    expect(moved).toMatchObject({ debitAccountId: mine.id, creditAccountId: transit.id, debitPlayer: true });
  });

  it('gives each of many concurrent calls its own outcome, one player debited once per call', async () => {
    const [a, b, c] = centrals as [AccountRef, AccountRef, AccountRef];
    // a holds 70.00: two of its three calls of 30.00 are covered, each debited on its own.
    const outcomes = await Promise.all([
      reservation('p2', a, 30_00n),
      reservation('p3', b, 60_00n),
      reservation('p4', a, 30_00n),
      reservation('p5', c, 100_00n),
      reservation('p6', c, 1n),
      reservation('p11', a, 30_00n),
    ]);
    expect(outcomes).toEqual([
      'reserved',
      'reserved',
      'reserved',
      'reserved',
      'insufficient',
      'insufficient',
    ]);
    expect([await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual([10_00n, 40_00n, 0n]);
    expect(await pendingRow('p11')).toBeUndefined();
    expect(await pendingRow('p6')).toBeUndefined();
  });

  it('reserves from a house account whatever its balance', async () => {
    expect(await reservation('p7', float, 500_00n)).toBe('reserved');
    expect(await houseBalance(database.db, 'house:venue_float:pp')).toBe(-500_00n);
  });

  it('reserves only for a live session: a revoked or expired one moves nothing', async () => {
    const [, b] = centrals as [AccountRef, AccountRef];
    const userId = players[1] as number;
    const opened = await database.db
      .insert(sessions)
      .values([
        { userId, tokenHash: 'live', expiresAt: new Date('2027-01-01') },
        {
          userId,
          tokenHash: 'revoked',
          expiresAt: new Date('2027-01-01'),
          revokedAt: new Date('2026-01-01'),
        },
        { userId, tokenHash: 'expired', expiresAt: new Date('2026-01-01') },
      ])
      .returning({ id: sessions.id });
    const [live, revoked, expired] = opened.map((s) => s.id);
    const outcomes = await Promise.all([
      reservation('p8', b, 1_00n, { session: revoked }),
      reservation('p9', b, 1_00n, { session: expired }),
    ]);
    expect(outcomes).toEqual(['session_ended', 'session_ended']);
    expect(await reservation('p10', b, 1_00n, { session: live })).toBe('reserved');
    expect(await pendingRow('p8')).toBeUndefined();
    expect(await balanceOf(b)).toBe(39_00n);
  });

  it('fails a key reserved before, and moves nothing more', async () => {
    const [mine] = centrals as [AccountRef];
    // Either of the two unique indexes the key lands in refuses it; Ledger.reserve tells a replay from a conflict.
    await expect(reservation('p1', mine, 1n)).rejects.toMatchObject({
      code: '23505',
      constraint: expect.stringMatching(/^(ledger_pending_pkey|ledger_transfers_idempotency_idx)$/),
    });
    expect(await balanceOf(mine)).toBe(10_00n);
  });

  it('settles once into parts that add up, voids once back to the source', async () => {
    const [mine, b] = centrals as [AccountRef, AccountRef];
    const toVenue = settle('p1', [
      { to: float, amount: 29_00n, kind: 'to_venue' },
      { to: results, amount: 1_00n, kind: 'fee' },
    ]);
    expect(await statements.closeOne(toVenue)).toBe(true);
    expect(await statements.closeOne(toVenue)).toBe(false);
    expect(await statements.closeOne(voiding('p1'))).toBe(false);
    expect(await pendingRow('p1')).toMatchObject({ state: PendingState.settled, resolvedAt: at });
    expect(await balanceOf(mine)).toBe(10_00n);

    const voids = await Promise.all([
      statements.closeOne(voiding('p3', '场馆拒绝')),
      statements.closeOne(voiding('p3')),
    ]);
    expect(voids.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(b)).toBe(99_00n);
    expect(await pendingRow('p3')).toMatchObject({ state: PendingState.voided, note: '场馆拒绝' });
    const [back] = await database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, 'p3:void'));
    expect(back).toMatchObject({
      kind: 'transfer_void',
      creditAccountId: b.id,
      creditPlayer: true,
      amount: 60_00n,
    });
  });

  it('leaves a reservation pending when the parts do not add up to it', async () => {
    expect(await statements.closeOne(settle('p2', [{ to: float, amount: 29_99n, kind: 'to_venue' }]))).toBe(
      false,
    );
    expect(await pendingRow('p2')).toMatchObject({ state: PendingState.pending });
  });

  it('credits a player once per settlement when several settle to them together', async () => {
    const [mine] = centrals as [AccountRef];
    const before = await balanceOf(mine);
    const closed = await Promise.all([
      statements.closeOne(settle('p5', [{ to: mine, amount: undefined, kind: 'from_venue' }])),
      statements.closeOne(settle('p7', [{ to: mine, amount: undefined, kind: 'from_venue' }])),
    ]);
    expect(closed).toEqual([true, true]);
    expect(await balanceOf(mine)).toBe((before ?? 0n) + 100_00n + 500_00n);
  });

  it('closes inside the caller’s transaction, and not at all when it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        expect(await statements.closeIn(tx, voiding('p2'))).toBe(true);
        throw new Error('the decision failed');
      }),
    ).rejects.toThrow('the decision failed');
    expect(await pendingRow('p2')).toMatchObject({ state: PendingState.pending });
    expect(await database.db.transaction((tx) => statements.closeIn(tx, voiding('p2')))).toBe(true);
    expect(await pendingRow('p2')).toMatchObject({ state: PendingState.voided });
  });

  it('answers false for a key never reserved', async () => {
    expect(await statements.closeOne(voiding('never'))).toBe(false);
  });
});
