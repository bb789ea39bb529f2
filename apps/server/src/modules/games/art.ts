import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html';

/**
 * The catalogue's artwork, drawn here: a tile per game and a logo per platform, as SVG. Colours
 * come from a hash of the code, so each game keeps its look; nothing is copied from anywhere.
 */

function hues(code: string): [number, number] {
  const digest = createHash('sha256').update(code).digest();
  const a = ((digest[0] ?? 0) * 360) / 256;
  return [a, (a + 40 + (digest[1] ?? 0) / 4) % 360];
}

const FONT = `font-family="PingFang SC, WenQuanYi Micro Hei, Microsoft YaHei, sans-serif"`;

/** A motif per kind of game, drawn in the tile's upper part. */
const MOTIF: Record<string, string> = {
  slot: `<g transform="translate(40 46)"><rect width="120" height="64" rx="10" fill="#fff" fill-opacity=".18" stroke="#ffe6a0" stroke-width="3"/>
    ${[0, 1, 2].map((i) => `<rect x="${8 + i * 38}" y="8" width="30" height="48" rx="6" fill="#fffaf0"/><text x="${23 + i * 38}" y="42" text-anchor="middle" font-size="26" font-weight="800" fill="#d62b3a" ${FONT}>7</text>`).join('')}</g>`,
  baccarat: `<g transform="translate(52 36)"><rect width="52" height="74" rx="8" fill="#fffaf0" transform="rotate(-12 26 37)"/>
    <rect x="44" width="52" height="74" rx="8" fill="#fffaf0" transform="rotate(10 70 37)"/>
    <text x="18" y="48" font-size="30" font-weight="800" fill="#111" ${FONT} transform="rotate(-12 26 37)">A</text>
    <text x="62" y="48" font-size="30" font-weight="800" fill="#c81e3a" ${FONT} transform="rotate(10 70 37)">K</text></g>`,
  dice: `<g transform="translate(46 40)">${[0, 1]
    .map(
      (
        i,
      ) => `<g transform="translate(${i * 58} ${i * 10}) rotate(${i ? 12 : -10} 26 26)"><rect width="52" height="52" rx="10" fill="#fffaf0"/>
      ${(i
        ? [
            [14, 14],
            [26, 26],
            [38, 38],
          ]
        : [
            [15, 15],
            [37, 15],
            [15, 37],
            [37, 37],
          ]
      )
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="${i ? '#c81e3a' : '#111'}"/>`)
        .join('')}</g>`,
    )
    .join('')}</g>`,
  fishing: `<g transform="translate(38 44)" fill="#fffaf0"><path d="M10 34 C 40 0, 90 0, 110 34 C 90 68, 40 68, 10 34 Z"/>
    <path d="M110 34 L 128 16 L 128 52 Z"/><circle cx="36" cy="28" r="5" fill="#111"/>
    <path d="M0 78 Q 30 66 60 78 T 124 78" stroke="#fffaf0" stroke-width="4" fill="none"/></g>`,
};

export function gameTileSvg(game: { code: string; name: string; engine: string; category: string }): string {
  const [h1, h2] = hues(game.code);
  const motif = MOTIF[game.category === 'fishing' ? 'fishing' : game.engine] ?? MOTIF.slot;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1.toFixed(0)} 70% 46%)"/><stop offset="1" stop-color="hsl(${h2.toFixed(0)} 75% 24%)"/></linearGradient></defs>
<rect width="200" height="200" rx="24" fill="url(#g)"/>
<circle cx="170" cy="24" r="60" fill="#fff" fill-opacity=".07"/>
${motif}
<rect x="14" y="138" width="172" height="44" rx="12" fill="#000" fill-opacity=".28"/>
<text x="100" y="168" text-anchor="middle" font-size="${game.name.length > 5 ? 19 : 23}" font-weight="700" fill="#ffe6a0" ${FONT}>${escapeHtml(game.name)}</text>
</svg>`;
}

export function platformLogoSvg(platform: { code: string; name: string }): string {
  const [h1] = hues(platform.code);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<rect width="120" height="120" rx="26" fill="hsl(${h1.toFixed(0)} 55% 22%)"/>
<rect x="6" y="6" width="108" height="108" rx="22" fill="none" stroke="#e8c46e" stroke-width="3"/>
<text x="60" y="58" text-anchor="middle" font-size="26" font-weight="800" fill="#e8c46e" ${FONT}>${escapeHtml(platform.code.toUpperCase().slice(0, 5))}</text>
<text x="60" y="88" text-anchor="middle" font-size="18" fill="#fff" ${FONT}>${escapeHtml(platform.name)}</text>
</svg>`;
}
