import { describe, expect, it } from 'vitest';
import { baccaratSettle, dealHand } from './baccarat';
import { diceSettle, roll } from './dice';
import { cryptoDraw, type Draw, seededDraw } from './random';
import { SLOT_RTP, spin } from './slot';

describe('the slot', () => {
  it('states a return to player of 97.28%', () => {
    expect(SLOT_RTP).toBeCloseTo(0.972809, 5);
  });

  const measured = (draw: Draw, spins: number) => {
    let returned = 0;
    for (let i = 0; i < spins; i++) returned += spin(draw).multiple;
    return returned / spins;
  };

  it('returns, over 1,000,000 spins, within 0.5 percentage points of its stated RTP', () => {
    expect(Math.abs(measured(seededDraw(20261122), 1_000_000) - SLOT_RTP)).toBeLessThan(0.005);
  });

  it('does so with the cryptographic source too (within 1 point: five standard deviations)', () => {
    expect(Math.abs(measured(cryptoDraw, 1_000_000) - SLOT_RTP)).toBeLessThan(0.01);
  });
});

describe('baccarat', () => {
  it('deals the known frequencies: banker 45.86%, player 44.62%, tie 9.52%', () => {
    const draw = seededDraw(7);
    const wins = { player: 0, banker: 0, tie: 0 };
    const hands = 400_000;
    for (let i = 0; i < hands; i++) wins[dealHand(draw).winner]++;
    expect(wins.banker / hands).toBeCloseTo(0.4586, 2);
    expect(wins.player / hands).toBeCloseTo(0.4462, 2);
    expect(wins.tie / hands).toBeCloseTo(0.0952, 2);
  });

  it('pays player 1:1, banker less 5%, tie 8:1, and pushes player and banker on a tie', () => {
    expect(baccaratSettle({ player: 1000n }, 'player')).toEqual({ payout: 2000n, valid: 1000n });
    expect(baccaratSettle({ banker: 1000n }, 'banker')).toEqual({ payout: 1950n, valid: 1000n });
    expect(baccaratSettle({ banker: 1000n }, 'player')).toEqual({ payout: 0n, valid: 1000n });
    expect(baccaratSettle({ player: 500n, tie: 100n }, 'tie')).toEqual({ payout: 1400n, valid: 100n });
  });

  it('follows the drawing rules: a natural stands, a player on 0-5 draws', () => {
    const draw = seededDraw(99);
    for (let i = 0; i < 10_000; i++) {
      const hand = dealHand(draw);
      const firstTwo = (cards: typeof hand.player) =>
        cards.slice(0, 2).reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
      const natural = firstTwo(hand.player) >= 8 || firstTwo(hand.banker) >= 8;
      if (natural) expect(hand.player.length + hand.banker.length).toBe(4);
      else expect(hand.player.length).toBe(firstTwo(hand.player) <= 5 ? 3 : 2);
    }
  });
});

describe('dice', () => {
  it('pays big and small 1:1 and loses both on a triple', () => {
    expect(diceSettle({ big: 1000n }, 'big')).toBe(2000n);
    expect(diceSettle({ big: 1000n, small: 500n }, 'small')).toBe(1000n);
    expect(diceSettle({ big: 1000n }, null)).toBe(0n);
    const draw = seededDraw(3);
    let triples = 0;
    for (let i = 0; i < 216_000; i++) if (roll(draw).result === null) triples++;
    expect(triples / 216_000).toBeCloseTo(6 / 216, 2);
  });
});
