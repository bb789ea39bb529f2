import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html';

/** Banners, activity banners and sponsor cards, drawn here as SVG from their titles. */
const FONT = `font-family="PingFang SC, WenQuanYi Micro Hei, Microsoft YaHei, sans-serif"`;

function hue(seed: string): number {
  return ((createHash('sha256').update(seed).digest()[0] ?? 0) * 360) / 256;
}

/** A 750x300 banner (the home carousel and the activity list share the 5:2 shape). */
export function bannerSvg(seed: string, title: string, subtitle: string): string {
  const h = hue(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h.toFixed(0)} 65% 30%)"/><stop offset="1" stop-color="hsl(${((h + 50) % 360).toFixed(0)} 70% 14%)"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#d9a441"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#b)"/>
<circle cx="640" cy="60" r="160" fill="#fff" fill-opacity=".06"/><circle cx="700" cy="260" r="110" fill="#fff" fill-opacity=".05"/>
${[0, 1, 2, 3, 4].map((i) => `<circle cx="${520 + i * 42}" cy="${150 + (i % 2) * 36}" r="26" fill="url(#gold)" fill-opacity=".85"/><circle cx="${520 + i * 42}" cy="${150 + (i % 2) * 36}" r="17" fill="none" stroke="#a8741c" stroke-width="3"/>`).join('')}
<text x="48" y="140" font-size="54" font-weight="800" fill="url(#gold)" ${FONT}>${escapeHtml(title)}</text>
<text x="50" y="200" font-size="28" fill="#f4eedd" fill-opacity=".9" ${FONT}>${escapeHtml(subtitle)}</text>
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
