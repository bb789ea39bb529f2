/**
 * A game venue as the platform sees it (DESIGN.md section 5). Production venues are outside
 * systems; every call may fail or never answer, so the platform never calls one inside a database
 * transaction and always sends its own order id, by which the venue applies a transfer once.
 */
/** The platform's player; a provider keeps its own mapping to its account names. */
export interface VenuePlayer {
  userId: number;
}

export interface VenueProvider {
  readonly name: string;
  /** Creates the player's account at the venue on first use; idempotent. */
  ensurePlayer(venue: string, player: VenuePlayer): Promise<void>;
  /** The player's balance at each of the given venues, in cents (0 where the player has none). */
  balances(venues: readonly string[], player: VenuePlayer): Promise<Map<string, bigint>>;
  /** Credits the player at the venue. Applying the same order id twice changes nothing. */
  transferIn(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void>;
  /** Debits the player at the venue; refused (VenueRefusedError) when the player holds less. */
  transferOut(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void>;
  /** Whether the venue has applied the order: the reconciliation job's question. */
  findTransfer(venue: string, orderNo: string): Promise<'applied' | 'absent'>;
  /** Where the player opens the game: signed and expiring, with no platform token in it. */
  launchUrl(venue: string, player: VenuePlayer, gameCode: string): Promise<string>;
  /** The provider's bets after `cursor` (its own position in its feed), oldest first, and the cursor after them. */
  betsSince(cursor: bigint, limit: number): Promise<{ bets: VenueBet[]; cursor: bigint }>;
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
export async function withDeadline<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VenueTimeoutError()), ms);
  });
  try {
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
