import { create } from 'qrcode';
import { useMemo } from 'react';

/** Modules of light border the readers need around the code. */
const QUIET_ZONE = 4;

/** The SVG path of a text's QR code modules (error correction M), one unit square per dark module. */
function qrPath(text: string): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path, size: modules.size + QUIET_ZONE * 2 };
}

/** A QR code of `text`, drawn here as SVG (no image fetched, nothing sent elsewhere). */
export function QrCode({ text, label, pixels = 168 }: { text: string; label: string; pixels?: number }) {
  const { path, size } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={pixels}
      height={pixels}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-qr={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
