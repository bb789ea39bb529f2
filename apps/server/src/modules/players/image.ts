import { AVATAR_MAX_SIDE } from '@app/contract/account-rules';

export type ImageMime = 'image/png' | 'image/gif' | 'image/jpeg';

export type ImageCheck<M extends ImageMime = ImageMime> =
  | { ok: true; mime: M; width: number; height: number }
  | { ok: false; reason: 'type' | 'dimensions' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A JPEG's size: from the first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function sizeOf(bytes: Buffer): { mime: ImageMime; width: number; height: number } | null {
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) {
    return { mime: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  const jpeg = jpegSize(bytes);
  return jpeg ? { mime: 'image/jpeg', ...jpeg } : null;
}

function checked(bytes: Buffer, maxSide: number): ImageCheck {
  const size = sizeOf(bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, reason: 'type' };
  if (size.width > maxSide || size.height > maxSide) return { ok: false, reason: 'dimensions' };
  return { ok: true, ...size };
}

/**
 * What an upload is, read from its bytes alone: a PNG (signature, then the IHDR chunk with its
 * width and height) or a GIF (GIF87a/GIF89a and its logical screen size). Anything else, and any
 * image declaring more than 2048 pixels a side, is refused before it is stored.
 */
export function inspectImage(bytes: Buffer): ImageCheck<'image/png' | 'image/gif'> {
  const image = checked(bytes, AVATAR_MAX_SIDE);
  if (!image.ok) return image;
  if (image.mime === 'image/jpeg') return { ok: false, reason: 'type' };
  return { ...image, mime: image.mime };
}

/** An operator's upload (banners, activities, sponsors): PNG, GIF or JPEG (SOI, then its frame header), up to `maxSide`. */
export const inspectUpload = (bytes: Buffer, maxSide: number): ImageCheck => checked(bytes, maxSide);
