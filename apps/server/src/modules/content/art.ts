import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html';

/** Banners, activity banners and sponsor cards, drawn here as SVG from their titles. */
const FONT = `font-family="PingFang SC, WenQuanYi Micro Hei, Microsoft YaHei, sans-serif"`;

function hue(seed: string): number {
  return ((createHash('sha256').update(seed).digest()[0] ?? 0) * 360) / 256;
}

/**
 * How wide a line is, in ems, at most: CJK characters and full-width forms are one em in every CJK
 * font; Latin letters, digits and signs are counted at about the widest they draw in bold in common
 * fonts (W, M and % nearly an em), so that the estimate errs on the wide side (measured in Chromium
 * with WenQuanYi Micro Hei: 新人首存 100% 加赠 draws 486 px at 54 px, estimated 527).
 */
export function emWidth(text: string): number {
  let ems = 0;
  for (const ch of text) {
    if (/[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u.test(ch)) ems += 1;
    else if (ch === ' ') ems += 0.32;
    else if (/[%@WMmw]/.test(ch)) ems += 0.95;
    else if (/[A-Z0-9#$&]/.test(ch)) ems += 0.72;
    else ems += 0.62;
  }
  return ems;
}

/** The banner's text column: from its left margin to short of the coins, which start at x 494. */
const TEXT_X = 48;
const TEXT_RIGHT = 470;

/**
 * One line of a banner's text that never runs into the art: drawn at `size`, or smaller, down to
 * `minSize`, so that its estimated width (never less than the drawn one) fits the column; a line too
 * long even at `minSize` is squeezed into the column by textLength.
 */
function fittedLine(text: string, y: number, size: number, minSize: number, attributes: string): string {
  const room = TEXT_RIGHT - TEXT_X;
  const ems = Math.max(emWidth(text), 1);
  const fontSize = Math.max(minSize, Math.min(size, Math.floor(room / ems)));
  const squeezed = ems * fontSize > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${TEXT_X}" y="${y}" font-size="${fontSize}"${squeezed} ${attributes} ${FONT}>${escapeHtml(text)}</text>`;
}

/**
 * A 750x300 banner (the home carousel and the activity list share the 5:2 shape): the title and
 * subtitle on the left, coins on the right; the image scales as a whole, so text that clears the
 * coins here clears them at every width it is shown.
 */
export function bannerSvg(seed: string, title: string, subtitle: string): string {
  const h = hue(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h.toFixed(0)} 65% 30%)"/><stop offset="1" stop-color="hsl(${((h + 50) % 360).toFixed(0)} 70% 14%)"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#d9a441"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#b)"/>
<circle cx="640" cy="60" r="160" fill="#fff" fill-opacity=".06"/><circle cx="700" cy="260" r="110" fill="#fff" fill-opacity=".05"/>
${[0, 1, 2, 3, 4].map((i) => `<circle cx="${520 + i * 42}" cy="${150 + (i % 2) * 36}" r="26" fill="url(#gold)" fill-opacity=".85"/><circle cx="${520 + i * 42}" cy="${150 + (i % 2) * 36}" r="17" fill="none" stroke="#a8741c" stroke-width="3"/>`).join('')}
${fittedLine(title, 140, 54, 34, 'font-weight="800" fill="url(#gold)"')}
${fittedLine(subtitle, 200, 28, 20, 'fill="#f4eedd" fill-opacity=".9"')}
</svg>`;
}

/** A sponsor card: a crest with the partner's initials and the title. */
export function sponsorSvg(seed: string, title: string, subtitle: string): string {
  const h = hue(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="690" height="360" viewBox="0 0 690 360">
<rect width="690" height="360" rx="28" fill="hsl(${h.toFixed(0)} 55% 18%)"/>
<path d="M345 50 l90 34 v80 c0 60 -40 100 -90 120 c-50 -20 -90 -60 -90 -120 v-80 z" fill="#e8c46e" fill-opacity=".9"/>
<path d="M345 84 l58 22 v56 c0 38 -26 64 -58 78 c-32 -14 -58 -40 -58 -78 v-56 z" fill="hsl(${h.toFixed(0)} 55% 24%)"/>
<text x="345" y="180" text-anchor="middle" font-size="44" font-weight="800" fill="#e8c46e" ${FONT}>★</text>
<text x="345" y="318" text-anchor="middle" font-size="34" font-weight="700" fill="#fff" ${FONT}>${escapeHtml(title)}</text>
<text x="345" y="348" text-anchor="middle" font-size="20" fill="#c9c1ad" ${FONT}>${escapeHtml(subtitle)}</text>
</svg>`;
}
