import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { demoVenueLaunches, demoVenueSessions } from '../../../db/schema/demo-venue';
import type { Clock } from '../../../lib/clock';
import { acceptedKeys, type Keyring } from '../../../lib/keyring';
import type { RealityCheckTerms } from '../../provider';

/** A launch link opens the game within this time, once. */
export const LAUNCH_TTL_MS = 5 * 60_000;
/** A game session lasts this long from its launch. */
export const SESSION_TTL_MS = 2 * 60 * 60_000;

export interface GameSession {
  /** The session's row (the hash of its cookie's id). */
  idHash: string;
  venue: string;
  player: string;
  gameCode: string;
  reality?: RealityCheckTerms | undefined;
}

interface LaunchClaims {
  v: string;
  p: string;
  g: string;
  /** Expiry, epoch milliseconds. */
  e: number;
  /** Token id: a launch is exchanged for a session once. */
  j: string;
  /** Reality check: every r minutes since the login at s (epoch milliseconds). */
  r?: number;
  s?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The demo venue's launch links and game sessions. A launch token is signed by the venue, names
 * the venue's player and game, is recorded when issued, expires after five minutes and opens one
 * session; the session id lives in an HttpOnly cookie and only its hash in the table. The
 * platform's own token never reaches the venue.
 */
export class DemoGameSessions {
  constructor(
    private readonly db: Db,
    private readonly keys: Keyring,
    private readonly clock: Clock,
  ) {}

  private sign(payload: string, key = this.keys.current): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }

  /** Signed by the venue's current key, or by its previous one within the rotation's grace period. */
  private signedByUs(payload: string, signature: string): boolean {
    const got = Buffer.from(signature);
    return acceptedKeys(this.keys, this.clock.now()).some((key) => {
      const expected = Buffer.from(this.sign(payload, key));
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
  }

  async launchToken(session: Omit<GameSession, 'idHash'>): Promise<string> {
    const now = this.clock.now();
    const claims: LaunchClaims = {
      v: session.venue,
      p: session.player,
      g: session.gameCode,
      e: now.getTime() + LAUNCH_TTL_MS,
      j: randomBytes(12).toString('base64url'),
      ...(session.reality ? { r: session.reality.minutes, s: session.reality.loggedInAt.getTime() } : {}),
    };
    await this.db.insert(demoVenueLaunches).values({ tokenId: claims.j, player: claims.p, issuedAt: now });
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * Exchanges a launch token for a session id, or says why it cannot ('ended': the player's
   * sessions were ended after it was issued). The launch is claimed and the session created in one
   * statement, which endAll's deletes wait for or find already done.
   */
  async open(
    token: string,
  ): Promise<{ id: string; expiresAt: Date } | 'invalid' | 'expired' | 'used' | 'ended'> {
    const [payload = '', signature = ''] = token.split('.');
    if (!this.signedByUs(payload, signature)) return 'invalid';
    let claims: LaunchClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LaunchClaims;
    } catch {
      return 'invalid';
    }
    const now = this.clock.now();
    if (claims.e <= now.getTime()) return 'expired';
    const id = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const result = await this.db.execute(sql`WITH
      claimed AS (UPDATE demo_venue_launches SET used_at = ${now}
                  WHERE token_id = ${claims.j} AND used_at IS NULL RETURNING token_id)
      INSERT INTO demo_venue_sessions
        (id_hash, venue, player, game_code, expires_at, reality_check_minutes, logged_in_at)
      SELECT ${sha256(id)}, ${claims.v}, ${claims.p}, ${claims.g}, ${expiresAt},
             ${Number.isInteger(claims.r) ? Number(claims.r) : 0},
             ${Number.isFinite(claims.s) ? new Date(Number(claims.s)) : null}::timestamptz
      FROM claimed RETURNING id_hash`);
    const opened = (result as unknown as { rows: unknown[] }).rows.length === 1;
    if (opened) return { id, expiresAt };
    const [known] = await this.db
      .select({ tokenId: demoVenueLaunches.tokenId })
      .from(demoVenueLaunches)
      .where(eq(demoVenueLaunches.tokenId, claims.j));
    return known ? 'used' : 'ended';
  }

  async find(id: string | undefined): Promise<GameSession | null> {
    if (!id) return null;
    const [row] = await this.db
      .select()
      .from(demoVenueSessions)
      .where(
        and(eq(demoVenueSessions.idHash, sha256(id)), gt(demoVenueSessions.expiresAt, this.clock.now())),
      );
    if (!row) return null;
    const reality = row.loggedInAt
      ? { minutes: row.realityCheckMinutes, loggedInAt: row.loggedInAt }
      : undefined;
    return { idHash: row.idHash, venue: row.venue, player: row.player, gameCode: row.gameCode, reality };
  }

  /**
   * Ends every game session of the venue's player (the platform ended the player's sessions): the
   * unused launches go first, so no link issued before opens a session (a claim in progress is
   * waited for and kept: it is used), then the sessions, read afresh so that a session just opened
   * goes too; a round waits for this to commit or finds its session gone (DemoGamePlay.play).
   */
  async endAll(player: string): Promise<void> {
    await this.db
      .delete(demoVenueLaunches)
      .where(and(eq(demoVenueLaunches.player, player), isNull(demoVenueLaunches.usedAt)));
    await this.db.delete(demoVenueSessions).where(eq(demoVenueSessions.player, player));
  }

  /** Forgets expired sessions and launches (a job). */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    await this.db.delete(demoVenueSessions).where(sql`${demoVenueSessions.expiresAt} < ${now}`);
    await this.db
      .delete(demoVenueLaunches)
      .where(sql`${demoVenueLaunches.issuedAt} < ${new Date(now.getTime() - LAUNCH_TTL_MS)}`);
  }
}
