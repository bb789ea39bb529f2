import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Batcher } from '../db/batch';
import type { Db, Tx } from '../db/client';
import { ledgerPending, PendingState, type PendingStateValue } from '../db/schema/ledger';
import type { Clock } from '../lib/clock';
import {
  AccountDirectory,
  type AccountName,
  type AccountRef,
  accountCode,
  HouseAccount,
  type HouseAccountName,
  houseBalance,
  playerBalance,
  playerBalances,
} from './accounts';
import { accountHistory, type HistoryPage } from './history';
import { verifyHoldings } from './holdings';
import { IdempotencyConflictError, InsufficientFunds, type Ref, recordMovement } from './movements';
import { type Attachment, PendingStatements } from './pending';
import { type LedgerReport, verifyLedger } from './verify';

export type { AccountName, HouseAccountName } from './accounts';
/** Per-player and per-month sums of movements (the agents' statements and the commission report). */
export { type KindCredit, kindCredits, monthlyKindTotals, type PlayerFlows, playerFlows } from './flows';
export type { HistoryEntry, HistoryPage } from './history';
export type { Attachment } from './pending';
export type { LedgerReport } from './verify';
export { HouseAccount, IdempotencyConflictError, PendingState, type PendingStateValue };

/** What a movement is: its key makes it happen once; a retry with the same key changes nothing. */
export interface Movement {
  /** Unique per movement. */
  key: string;
  /** Positive, in cents. */
  amount: bigint;
  kind: string;
  /** The business record the movement belongs to. */
  ref?: Ref;
  memo?: string;
}

/** A movement that happened: now (`applied`) or by an earlier call with the same key (`replayed`). */
export type Posted = { status: 'applied' | 'replayed'; transferId: number };
/** A debit the player's account did not cover: nothing moved. */
export type Uncovered = { status: 'insufficient' };

/** The accounts that hold reservations. */
export type HoldingAccount = typeof HouseAccount.venueTransit | typeof HouseAccount.withdrawalsPending;

export interface Reservation<T extends PgTable> {
  /** The reservation's key: settle and void name it; a retry with the same key reserves nothing more. */
  key: string;
  /** Where the money comes from; a player's account only while it covers the amount. */
  from: AccountName;
  /** Where it is held until settled or voided. */
  holding: HoldingAccount;
  amount: bigint;
  kind: string;
  ref?: Ref;
  /** The business record that refers to this reservation: written with it, only if the money moved. */
  record?: Attachment<T>;
  /**
   * The player's session that asks for it: nothing moves unless that session is live, confirmed
   * under a share lock in the same statement, so that a revocation commits before or after it.
   */
  session?: number;
}

export type Reserved =
  | { status: 'reserved' }
  | { status: 'replayed'; state: PendingStateValue }
  | { status: 'insufficient' }
  | { status: 'session_ended' };

/** Where a settlement sends the money: one account, or parts (a payout and a fee) that add up to it. */
export type SettleTo = AccountName | readonly { to: AccountName; amount: bigint; kind: string }[];

/** What a settle or void did: closed the reservation now, or found it closed already (in `state`). */
export type Resolution =
  | { status: 'applied'; state: PendingStateValue }
  | { status: 'already'; state: PendingStateValue };

/** A reservation as the ledger keeps it. */
export type PendingView = typeof ledgerPending.$inferSelect;

/** The business record's own unique index refused it (another record has its key): nothing moved. */
export class RecordConflictError extends Error {
  constructor(readonly constraint: string) {
    super(`the record attached to the reservation conflicts on ${constraint}`);
    this.name = 'RecordConflictError';
  }
}

/**
 * The money ledger (DESIGN.md section 4), the one way money moves: named operations, each
 * idempotent by its key and answering what it did. Conditions are its own options: a player's
 * account is debited only while it covers the amount; a reservation is settled or voided only
 * while it is pending. Callers hand it accounts, amounts and keys, never SQL.
 *
 * Plain movements (credit, debit, transfer) run in the caller's transaction when given one, so
 * that they commit with the business change they belong to. Reservations (reserve, settle, void)
 * are the hot path of venue transfers: each is one statement of its own, batched with the
 * concurrent calls of the same kind.
 */
export class Ledger {
  private readonly directory = new AccountDirectory();
  private readonly pending: PendingStatements;
  /** Every player polls their balance: the polls that arrive together are one statement. */
  private readonly playerBalances: Batcher<string, bigint>;
  /** Told of every movement's kind and result (the metrics count them). */
  private observer: (kind: string, result: string) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.pending = new PendingStatements(db);
    this.playerBalances = new Batcher<string, bigint>({
      many: (codes) => playerBalances(db, codes),
      one: (code) => playerBalance(db, code),
    });
  }

  observe(observer: (kind: string, result: string) => void): void {
    this.observer = observer;
  }

  /** Opens an account (a new player's central wallet) inside the caller's transaction; idempotent. */
  async open(account: AccountName, tx: Tx): Promise<void> {
    await this.directory.resolve(tx, account);
  }

  /** Money from a house account (an expense, a clearing account) into an account. */
  credit(m: Movement & { to: AccountName; from: HouseAccountName }, tx?: Tx): Promise<Posted> {
    return this.move(m, m.from, m.to, tx) as Promise<Posted>;
  }

  /** Money out of an account into a house account, only while the account covers it. */
  debit(m: Movement & { from: AccountName; to: HouseAccountName }, tx?: Tx): Promise<Posted | Uncovered> {
    return this.move(m, m.from, m.to, tx);
  }

  /** Money between any two accounts; a player's account pays only while it covers the amount. */
  transfer(m: Movement & { from: AccountName; to: AccountName }, tx?: Tx): Promise<Posted | Uncovered> {
    return this.move(m, m.from, m.to, tx);
  }

  private async move(m: Movement, from: AccountName, to: AccountName, tx: Tx | undefined) {
    const result = await this.moveOnce(m, from, to, tx);
    this.observer(m.kind, result.status);
    return result;
  }

  private async moveOnce(m: Movement, from: AccountName, to: AccountName, tx: Tx | undefined) {
    const run = async (q: Tx): Promise<Posted> => {
      const posted = await recordMovement(q, {
        debit: await this.directory.resolve(q, from),
        credit: await this.directory.resolve(q, to),
        amount: m.amount,
        kind: m.kind,
        key: m.key,
        ref: m.ref,
        memo: m.memo,
        at: this.clock.now(),
      });
      return { status: posted.applied ? 'applied' : 'replayed', transferId: posted.id };
    };
    try {
      if (!tx) return await this.db.transaction(run);
      // A player's debit that meets insufficient funds rolls back what it wrote, and only that: a
      // savepoint inside the caller's transaction. House accounts always pay.
      return typeof from === 'string' ? await run(tx) : await tx.transaction(run);
    } catch (error) {
      if (error instanceof InsufficientFunds) return { status: 'insufficient' as const };
      throw error;
    }
  }

  /**
   * Phase one of a two-phase movement: the amount moves from `from` into the holding account and
   * is recorded as pending, with the business record if one is given, in one statement. Throws
   * RecordConflictError when the record's own unique index refuses it, and
   * IdempotencyConflictError when the key reserved something else before.
   */
  async reserve<T extends PgTable>(r: Reservation<T>): Promise<Reserved> {
    const result = await this.reserveOnce(r);
    this.observer(r.kind, result.status);
    return result;
  }

  private async reserveOnce<T extends PgTable>(r: Reservation<T>): Promise<Reserved> {
    if (r.amount <= 0n) throw new Error('a reservation holds a positive amount');
    const source = await this.directory.resolve(this.db, r.from);
    const holding = await this.directory.resolve(this.db, r.holding);
    try {
      const outcome = await this.pending.reserve({
        key: r.key,
        kind: r.kind,
        source,
        holding,
        amount: r.amount,
        ref: r.ref,
        at: this.clock.now(),
        record: r.record as Attachment | undefined,
        session: r.session,
      });
      return { status: outcome };
    } catch (error) {
      const violated = uniqueViolation(error);
      // The reservation's key, or the key of its movement (`<key>:reserve`), was taken before.
      if (violated === 'ledger_pending_pkey' || violated === 'ledger_transfers_idempotency_idx')
        return this.reservedBefore(r, source, holding);
      if (violated) throw new RecordConflictError(violated);
      throw error;
    }
  }

  private async reservedBefore(r: Reservation<PgTable>, source: AccountRef, holding: AccountRef) {
    const before = await this.find(r.key);
    if (
      !before ||
      before.sourceAccountId !== source.id ||
      before.holdingAccountId !== holding.id ||
      before.amount !== r.amount
    ) {
      throw new IdempotencyConflictError(r.key);
    }
    return { status: 'replayed' as const, state: before.state };
  }

  /**
   * Phase two: the reserved money goes to `to`, once, and only while the reservation is pending.
   * Given a transaction (an operator's decision), it runs there, unbatched, and commits with it.
   */
  async settle(s: { key: string; to: SettleTo; kind?: string; note?: string }, tx?: Tx): Promise<Resolution> {
    const parts = await Promise.all(
      (isParts(s.to) ? s.to : [{ to: s.to, amount: undefined, kind: s.kind }]).map(async (p) => ({
        to: await this.directory.resolve(tx ?? this.db, p.to),
        amount: p.amount,
        kind: p.kind ?? 'settle',
      })),
    );
    return this.close(s.key, PendingState.settled, parts, s.note ?? '', tx);
  }

  /** Phase two, the other way: the reserved money returns to where it came from, once, only while pending. */
  void(v: { key: string; note?: string }, tx?: Tx): Promise<Resolution> {
    return this.close(
      v.key,
      PendingState.voided,
      [{ to: undefined, amount: undefined, kind: undefined }],
      v.note ?? '',
      tx,
    );
  }

  private async close(
    key: string,
    state: typeof PendingState.settled | typeof PendingState.voided,
    parts: Parameters<PendingStatements['closeOne']>[0]['parts'],
    note: string,
    tx: Tx | undefined,
  ): Promise<Resolution> {
    const kind = state === PendingState.settled ? 'settle' : 'void';
    const row = { key, state, parts, note, at: this.clock.now() };
    if (await (tx ? this.pending.closeIn(tx, row) : this.pending.closeOne(row))) {
      this.observer(kind, 'applied');
      return { status: 'applied', state };
    }
    this.observer(kind, 'already');
    const current = await this.find(key, tx);
    if (!current) throw new Error(`no reservation ${key}`);
    if (current.state === PendingState.pending)
      throw new Error(`the settlement of ${key} does not add up to its amount`);
    return { status: 'already', state: current.state };
  }

  /** A reservation by its key. */
  async find(key: string, q: Db | Tx = this.db): Promise<PendingView | undefined> {
    const [row] = await q.select().from(ledgerPending).where(eq(ledgerPending.key, key));
    return row;
  }

  /** Reservations by their keys (a page of business records reads its states here). */
  async findMany(keys: readonly string[]): Promise<Map<string, PendingView>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(ledgerPending)
      .where(inArray(ledgerPending.key, [...keys]));
    return new Map(rows.map((r) => [r.key, r]));
  }

  /**
   * The keys of the reservations in a state, as a subquery a record's list filters by (`inArray(key,
   * ...)`) in its own single statement, so its order and limit stay the database's.
   */
  keysInState(state: PendingStateValue) {
    return this.db
      .select({ key: ledgerPending.key })
      .from(ledgerPending)
      .where(eq(ledgerPending.state, state));
  }

  /** The keys of the reservations resolved into `state` since `since`, as a subquery (see keysInState). */
  keysResolvedSince(state: PendingStateValue, since: Date) {
    return this.db
      .select({ key: ledgerPending.key })
      .from(ledgerPending)
      .where(and(eq(ledgerPending.state, state), gte(ledgerPending.resolvedAt, since)));
  }

  /** Reservations of the kinds still pending since `before` or earlier, oldest first (for reconciliation). */
  stillPending(kinds: readonly string[], before: Date, limit: number): Promise<PendingView[]> {
    return this.db
      .select()
      .from(ledgerPending)
      .where(
        and(
          eq(ledgerPending.state, PendingState.pending),
          inArray(ledgerPending.kind, [...kinds]),
          lte(ledgerPending.createdAt, before),
        ),
      )
      .orderBy(asc(ledgerPending.createdAt))
      .limit(limit);
  }

  /** An account's balance in cents: a player's running balance, a house account's credits minus debits. */
  async balance(account: AccountName): Promise<bigint> {
    const code = accountCode(account);
    if (typeof account === 'object' && 'central' in account) return this.playerBalances.run(code);
    return houseBalance(this.db, code);
  }

  /** The movements of one account, newest first, `limit` at a time; `before` is the previous page's `next`. */
  async history(account: AccountName, page: { before?: number; limit: number }): Promise<HistoryPage> {
    const ref = await this.directory.resolve(this.db, account);
    return accountHistory(this.db, ref, page.before, page.limit);
  }

  /** The ledger's own invariants (see verify.ts). */
  verify(): Promise<LedgerReport> {
    return verifyLedger(this.db);
  }
}

function isParts(to: SettleTo): to is readonly { to: AccountName; amount: bigint; kind: string }[] {
  return Array.isArray(to);
}

/** The constraint a unique violation names, whether the driver's error arrives bare or wrapped. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  }
  return undefined;
}

/** Everything `ledger:verify` checks: the ledger's own invariants, then the holdings behind it. */
export async function verifyAll(db: Db, ledger: Ledger): Promise<LedgerReport> {
  const report = await ledger.verify();
  return { ...report, violations: [...report.violations, ...(await verifyHoldings(db))] };
}
