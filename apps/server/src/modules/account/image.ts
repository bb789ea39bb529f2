import { AVATAR_MAX_SIDE } from '@app/contract/account-rules';

export type ImageCheck =
  | { ok: true; mime: 'image/png' | 'image/gif'; width: number; height: number }
  | { ok: false; reason: 'type' | 'dimensions' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an upload is, read from its bytes alone: a PNG (signature, then the IHDR chunk with its
 * width and height) or a GIF (GIF87a/GIF89a and its logical screen size). Anything else, and any
 * image declaring more than 2048 pixels a side, is refused before it is stored.
 */
export function inspectImage(bytes: Buffer): ImageCheck {
  let size: { mime: 'image/png' | 'image/gif'; width: number; height: number } | null = null;
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    size = { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  } else if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) {
    size = { mime: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (!size || size.width === 0 || size.height === 0) return { ok: false, reason: 'type' };
  if (size.width > AVATAR_MAX_SIDE || size.height > AVATAR_MAX_SIDE)
    return { ok: false, reason: 'dimensions' };
  return { ok: true, ...size };
}
