import type { Draw } from './random';

/**
 * 骰宝 big/small: three dice; big is a total of 11-17, small 4-10, each paying 1:1; a triple loses
 * both (the house edge, 2.78%).
 */
export const DICE_SIDES = ['big', 'small'] as const;
export type DiceSide = (typeof DICE_SIDES)[number];

export interface DiceRound {
  dice: [number, number, number];
  total: number;
  /** null on a triple. */
  result: DiceSide | null;
}

/** One roll: the pure outcome function, chance from `draw`. */
export function roll(draw: Draw): DiceRound {
  const dice: [number, number, number] = [draw(6) + 1, draw(6) + 1, draw(6) + 1];
  const total = dice[0] + dice[1] + dice[2];
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  return { dice, total, result: triple ? null : total >= 11 ? 'big' : 'small' };
}

/** What the bets return, stake included, in cents. */
export function diceSettle(stakes: Partial<Record<DiceSide, bigint>>, result: DiceSide | null): bigint {
  return DICE_SIDES.reduce((sum, side) => sum + (result === side ? (stakes[side] ?? 0n) * 2n : 0n), 0n);
}
