import { randomInt } from 'node:crypto';
import { randomText } from '../../lib/random-password';

/**
 * Captcha images drawn as strokes: the answer never appears as text in the image, and every
 * drawing is jittered, rotated and crossed with noise so that two images of one code differ.
 * Glyphs are polylines on a 4 x 6 grid; `|` separates strokes.
 */
const GLYPHS: Record<string, string> = {
  '0': '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0',
  '1': '1,1 2,0 2,6|1,6 3,6',
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,0 4,0 2,2 3,2 4,3 4,5 3,6 1,6 0,5',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6',
  '6': '4,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1,6',
  '8': '1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3|1,3 0,2 0,1 1,0',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 0,6',
  A: '0,6 2,0 4,6|1,4 3,4',
  B: '0,6 0,0 3,0 4,1 4,2 3,3 0,3|3,3 4,4 4,5 3,6 0,6',
  C: '4,0 1,0 0,1 0,5 1,6 4,6',
  D: '0,0 0,6 3,6 4,5 4,1 3,0 0,0',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  G: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  I: '1,0 3,0|2,0 2,6|1,6 3,6',
  J: '4,0 4,5 3,6 1,6 0,5',
  K: '0,0 0,6|4,0 0,3 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  O: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  Q: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|2,4 4,6',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6',
  S: '4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,3 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
};

/** Characters a generated code uses: no 0/O, 1/I/L, which players confuse. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const WIDTH = 120;
const HEIGHT = 40;
const rand = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);
const colour = (lo: number, hi: number) =>
  `rgb(${randomInt(lo, hi)},${randomInt(lo, hi)},${randomInt(lo, hi)})`;

export function randomCode(length: number): string {
  return randomText(CAPTCHA_ALPHABET, length);
}

function glyphPaths(char: string, originX: number): string {
  const strokes = (GLYPHS[char.toUpperCase()] ?? GLYPHS['8'] ?? '').split('|');
  const scale = rand(3.7, 4.4);
  const cx = originX + 2 * scale;
  const cy = HEIGHT / 2;
  const rotate = rand(-22, 22).toFixed(1);
  const d = strokes
    .map((stroke) =>
      stroke
        .split(' ')
        .map((pt, i) => {
          const [x = 0, y = 0] = pt.split(',').map(Number);
          const px = originX + (x + rand(-0.25, 0.25)) * scale;
          const py = cy - 3 * scale + (y + rand(-0.25, 0.25)) * scale;
          return `${i === 0 ? 'M' : 'L'}${px.toFixed(1)} ${py.toFixed(1)}`;
        })
        .join(''),
    )
    .join('');
  return `<path d="${d}" transform="rotate(${rotate} ${cx.toFixed(1)} ${cy})" stroke="${colour(20, 120)}" stroke-width="${rand(2, 2.8).toFixed(1)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function noise(): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const p = () => `${rand(0, WIDTH).toFixed(0)} ${rand(0, HEIGHT).toFixed(0)}`;
    out += `<path d="M${p()}C${p()} ${p()} ${p()}" stroke="${colour(90, 200)}" stroke-width="1.2" fill="none"/>`;
  }
  for (let i = 0; i < 30; i++) {
    out += `<circle cx="${rand(0, WIDTH).toFixed(0)}" cy="${rand(0, HEIGHT).toFixed(0)}" r="${rand(0.6, 1.4).toFixed(1)}" fill="${colour(80, 220)}"/>`;
  }
  return out;
}

/** An SVG image of `code` as a data URL. */
export function captchaImage(code: string): string {
  const step = (WIDTH - 16) / code.length;
  const glyphs = [...code].map((c, i) => glyphPaths(c, 8 + i * step + rand(-2, 2))).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="${colour(225, 250)}"/>${noise()}${glyphs}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
