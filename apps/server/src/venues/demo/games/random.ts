import { randomInt } from 'node:crypto';

/** A uniform integer in [0, n): the only source of chance the games use. */
export type Draw = (n: number) => number;

/** Production draws come from the operating system's cryptographic generator. */
export const cryptoDraw: Draw = (n) => randomInt(0, n);

/** A seeded generator (mulberry32) for tests that measure a game over many rounds. */
export function seededDraw(seed: number): Draw {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(u * n);
  };
}
