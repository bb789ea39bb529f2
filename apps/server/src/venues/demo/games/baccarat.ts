import type { Draw } from './random';

/**
 * Baccarat (punto banco) dealt from a fresh eight-deck shoe each hand, with the standard drawing
 * rules. Payouts: player 1:1, banker 0.95:1 (5% commission), tie 8:1; on a tie, player and banker
 * bets are returned.
 */
export const BACCARAT_SIDES = ['player', 'banker', 'tie'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];

/** A card as its rank 1-13 (ace to king) and suit 0-3. */
export interface Card {
  rank: number;
  suit: number;
}

const DECKS = 8;

function dealer(draw: Draw) {
  const dealt = new Map<number, number>();
  return (): Card => {
    // Without replacement within the hand: a card of the 416 is drawn until one is still in the shoe.
    for (;;) {
      const index = draw(52 * DECKS);
      const card = index % 52;
      const used = dealt.get(card) ?? 0;
      if (used < DECKS) {
        dealt.set(card, used + 1);
        return { rank: (card % 13) + 1, suit: Math.floor(card / 13) };
      }
    }
  };
}

const points = (hand: Card[]) => hand.reduce((sum, c) => sum + (c.rank >= 10 ? 0 : c.rank), 0) % 10;

/** Whether the banker draws, given the banker's total and the player's third card (if any). */
function bankerDraws(banker: number, playerThird: Card | undefined): boolean {
  if (playerThird === undefined) return banker <= 5;
  const t = playerThird.rank >= 10 ? 0 : playerThird.rank;
  if (banker <= 2) return true;
  if (banker === 3) return t !== 8;
  if (banker === 4) return t >= 2 && t <= 7;
  if (banker === 5) return t >= 4 && t <= 7;
  if (banker === 6) return t === 6 || t === 7;
  return false;
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerPoints: number;
  bankerPoints: number;
  winner: BaccaratSide;
}

/** One hand: the pure outcome function, chance from `draw`. */
export function dealHand(draw: Draw): BaccaratHand {
  const next = dealer(draw);
  const player = [next(), next()];
  const banker = [next(), next()];
  const natural = points(player) >= 8 || points(banker) >= 8;
  let playerThird: Card | undefined;
  if (!natural) {
    if (points(player) <= 5) {
      playerThird = next();
      player.push(playerThird);
    }
    if (bankerDraws(points(banker), playerThird)) banker.push(next());
  }
  const p = points(player);
  const b = points(banker);
  return {
    player,
    banker,
    playerPoints: p,
    bankerPoints: b,
    winner: p > b ? 'player' : b > p ? 'banker' : 'tie',
  };
}

/**
 * What the bets return, stake included, in cents (commission rounded down to the cent), and the
 * part of the stake that stood (pushed bets are not turnover).
 */
export function baccaratSettle(
  stakes: Partial<Record<BaccaratSide, bigint>>,
  winner: BaccaratSide,
): { payout: bigint; valid: bigint } {
  let payout = 0n;
  let valid = 0n;
  for (const side of BACCARAT_SIDES) {
    const stake = stakes[side] ?? 0n;
    if (stake <= 0n) continue;
    if (winner === 'tie' && side !== 'tie') {
      payout += stake;
      continue;
    }
    valid += stake;
    if (side !== winner) continue;
    if (side === 'player') payout += stake * 2n;
    if (side === 'banker') payout += stake + (stake * 95n) / 100n;
    if (side === 'tie') payout += stake * 9n;
  }
  return { payout, valid };
}
