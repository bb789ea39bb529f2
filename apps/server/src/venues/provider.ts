import { raceDeadline } from '../lib/deadline';

/**
 * A game venue as the platform sees it (DESIGN.md section 5). Production venues are outside
 * systems; every call may fail or never answer, so the platform never calls one inside a database
 * transaction and always sends its own order id, by which the venue applies a transfer once.
 *
 * The transfer protocol, which every adapter must keep (it is what makes a late answer harmless):
 *
 * 1. Every transfer (in or out) carries the platform's order id. The venue applies an order id at
 *    most once; a repeat of an applied id is answered as applied and moves nothing.
 * 2. An answer settles the transfer: applied, the reserved money reaches its destination. A refusal
 *    (VenueRefusedError) is not taken as final by itself: the platform voids the id first (4).
 * 3. No answer (a timeout, a lost connection, an error that leaves the venue's side unknown) decides
 *    nothing: the transfer waits in state 2, awaiting settlement, with its money held in transit.
 * 4. The platform concludes that a transfer failed only after voiding its order id at the venue:
 *    `voidTransfer` answers 'voided' when the venue has recorded the id as void (from then on any
 *    arrival of that id, however late, is refused and applies nothing), or 'applied' when the venue
 *    had applied it before the void (the transfer then settles as a success). The void is
 *    idempotent: asked again, it answers the same. The venue serialises the apply and the void of
 *    one id (for the demo venue, the order table's primary key), so exactly one of them wins.
 * 5. Reconciliation voids every transfer still awaiting settlement after four call deadlines and
 *    settles it by the answer; a void that gets no answer is asked again on the next run.
 *
 * Voiding was chosen over an expiry that the venue enforces because it needs no agreement between
 * the two clocks (an expiry must be waited out plus the worst clock skew before refunding), it
 * decides at once, and its answer also tells the platform when the venue applied the order first.
 */
/** The platform's player; a provider keeps its own mapping to its account names. */
export interface VenuePlayer {
  userId: number;
}

/** The operator's reality check, which a venue shows on its game pages: every `minutes` (0: off) since the login. */
export interface RealityCheckTerms {
  minutes: number;
  loggedInAt: Date;
}

export interface VenueProvider {
  readonly name: string;
  /** Creates the player's account at the venue on first use; idempotent. */
  ensurePlayer(venue: string, player: VenuePlayer): Promise<void>;
  /** The player's balance at each of the given venues, in cents (0 where the player has none). */
  balances(venues: readonly string[], player: VenuePlayer): Promise<Map<string, bigint>>;
  /** Credits the player at the venue. Applying the same order id twice changes nothing; a voided id is refused. */
  transferIn(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void>;
  /** Debits the player at the venue; refused (VenueRefusedError) when the player holds less or the id was voided. */
  transferOut(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void>;
  /** Voids the order id, unless the venue applied it first (protocol point 4). */
  voidTransfer(venue: string, orderNo: string): Promise<'voided' | 'applied'>;
  /** Where the player opens the game: signed and expiring, with no platform token in it. */
  launchUrl(
    venue: string,
    player: VenuePlayer,
    gameCode: string,
    reality?: RealityCheckTerms,
  ): Promise<string>;
  /**
   * Ends every game session the player has open at the provider's venues, at once: from its answer
   * on, no round of those sessions is accepted (the venue checks the session in the round's own
   * transaction), no launch link issued before the call opens a game, and only a new link does.
   * The platform calls it after a player's sessions end (logoff, a session ended from the list or
   * by a password change, a freeze, a time-out or self-exclusion), so that money already at the
   * venue is not played on; a game session must never outlive the platform session that opened it
   * by more than this call. It also calls it when a loss limit is reached: the provider reports
   * bets late, through its feed (betsSince), so the bet ingestion, after committing losing bets
   * that bring a player to a reached loss limit, ends that player's game sessions; the rounds
   * played between the limit and the feed's delivery are the provider's report delay.
   */
  endPlayerSessions(player: VenuePlayer): Promise<void>;
  /**
   * The provider's bets after `cursor` (its own position in its feed, opaque to the platform; ''
   * at the start), oldest first, and the cursor after them. The feed must be complete by
   * construction: a bet never appears behind a cursor the feed has answered.
   */
  betsSince(cursor: string, limit: number): Promise<{ bets: VenueBet[]; cursor: string }>;
}

/** A bet as a venue reports it; amounts in cents. */
export interface VenueBet {
  venue: string;
  /** The venue's own id, unique at the venue. */
  betId: string;
  userId: number;
  gameCode: string;
  stake: bigint;
  /** The stake that counts as turnover (pushed stakes do not). */
  valid: bigint;
  /** The player's net result: payout minus stake. */
  winLoss: bigint;
  /** Spec section 4: 0 invalid, 1 settled, 2 unsettled. */
  status: number;
  placedAt: Date;
  settledAt: Date | null;
}

/** The venue answered and applied nothing. */
export class VenueRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VenueRefusedError';
  }
}

/** The venue did not answer in time: the transfer may or may not have been applied. */
export class VenueTimeoutError extends Error {
  constructor(message = '场馆响应超时') {
    super(message);
    this.name = 'VenueTimeoutError';
  }
}

/** Races a venue call against a deadline; an expired deadline is an unknown outcome, never a failure. */
export const withDeadline = <T>(call: Promise<T>, ms: number): Promise<T> =>
  raceDeadline(call, ms, () => new VenueTimeoutError());
