import type { Draw } from './random';

/**
 * 星云水果机: three reels, one line. Each reel stops on a symbol drawn by its weight; three of a
 * kind pays its multiple of the stake, two cherries anywhere pay 3, one cherry on the first reel
 * returns the stake. The return to player is exact (SLOT_RTP, computed from these tables).
 */
export const SLOT_SYMBOLS = ['seven', 'bar', 'bell', 'melon', 'orange', 'lemon', 'cherry'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const SLOT_WEIGHTS: Record<SlotSymbol, number> = {
  seven: 1,
  bar: 2,
  bell: 3,
  melon: 4,
  orange: 6,
  lemon: 7,
  cherry: 9,
};

export const SLOT_THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  seven: 60,
  bar: 30,
  bell: 20,
  melon: 15,
  orange: 10,
  lemon: 8,
  cherry: 5,
};
export const SLOT_TWO_CHERRIES = 3;
export const SLOT_FIRST_CHERRY = 1;

/** Stakes a player may choose, in cents. */
export const SLOT_STAKES = [100n, 200n, 500n, 1_000n, 2_000n, 5_000n] as const;

const TOTAL_WEIGHT = SLOT_SYMBOLS.reduce((sum, s) => sum + SLOT_WEIGHTS[s], 0);

function reelStop(draw: Draw): SlotSymbol {
  let ticket = draw(TOTAL_WEIGHT);
  for (const symbol of SLOT_SYMBOLS) {
    ticket -= SLOT_WEIGHTS[symbol];
    if (ticket < 0) return symbol;
  }
  throw new Error('reel weights do not add up');
}

/** The multiple of the stake a line pays. */
export function slotMultiple(line: readonly [SlotSymbol, SlotSymbol, SlotSymbol]): number {
  const [a, b, c] = line;
  if (a === b && b === c) return SLOT_THREE_OF_A_KIND[a];
  const cherries = line.filter((s) => s === 'cherry').length;
  if (cherries === 2) return SLOT_TWO_CHERRIES;
  return a === 'cherry' ? SLOT_FIRST_CHERRY : 0;
}

export interface SlotRound {
  reels: [SlotSymbol, SlotSymbol, SlotSymbol];
  multiple: number;
}

/** One spin: the pure outcome function, chance from `draw`. */
export function spin(draw: Draw): SlotRound {
  const reels: [SlotSymbol, SlotSymbol, SlotSymbol] = [reelStop(draw), reelStop(draw), reelStop(draw)];
  return { reels, multiple: slotMultiple(reels) };
}

/** The exact expected return per unit staked, by enumerating every stop of the three reels. */
function exactRtp(): number {
  let expected = 0;
  for (const a of SLOT_SYMBOLS)
    for (const b of SLOT_SYMBOLS)
      for (const c of SLOT_SYMBOLS) {
        const p = (SLOT_WEIGHTS[a] * SLOT_WEIGHTS[b] * SLOT_WEIGHTS[c]) / TOTAL_WEIGHT ** 3;
        expected += p * slotMultiple([a, b, c]);
      }
  return expected;
}

/** The stated return to player (0.9728...). */
export const SLOT_RTP = exactRtp();
