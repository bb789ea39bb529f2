/**
 * Uploaded content pictures (banners, activity banners, sponsor pictures) and the sizes phones get.
 * Every one of them is shown across the phone's width, so one set of widths serves them all: a
 * 390-point-wide phone (the commonest iPhone width) at 1x, 2x and 3x. Wider phones (414, 430) take
 * the 1170 one scaled by at most a tenth. A still picture is converted once, on upload, to each width
 * (never enlarged: an original narrower than a width stands in for it) in AVIF and WebP; the
 * original is kept and served as it was. A GIF stays as it is (it may move).
 */
export const PICTURE_WIDTHS = [390, 780, 1170] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The width a picture across the phone takes: all of the viewport (the app's frame on a desktop). */
export const FULL_WIDTH_SIZES = '100vw';

/** An uploaded still picture's address: /media/{id}.png or .jpg. */
const STILL = /^\/media\/([0-9a-f]{32})\.(png|jpg)$/;

/** The address of a picture's converted copy of `width` in `format`. */
export const variantPath = (id: string, width: PictureWidth, format: PictureFormat) =>
  `/media/${id}-${width}.${format}`;

/** One <source> of a <picture>: its type and srcset. */
export interface PictureSource {
  type: `image/${PictureFormat}`;
  srcSet: string;
}

/**
 * The AVIF and WebP sources of an uploaded still picture, best first; null for any other address
 * (the generated SVG art, a GIF, another site's picture), which is shown as it is.
 */
export function pictureSources(src: string): PictureSource[] | null {
  const id = STILL.exec(src)?.[1];
  return id ? sourcesOf(id, PICTURE_WIDTHS, variantPath) : null;
}

function sourcesOf<W extends number>(
  id: string,
  widths: readonly W[],
  pathOf: (id: string, width: W, format: PictureFormat) => string,
): PictureSource[] {
  return PICTURE_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcSet: widths.map((w) => `${pathOf(id, w, format)} ${w}w`).join(', '),
  }));
}

/**
 * A player's avatar is shown 64 CSS pixels square (/mine, inside its 2 px ring), so its copies are
 * squares of 64, 128 and 192 px (1x, 2x, 3x), cut from the middle as the round frame shows it.
 * A PNG gets them on upload, the original kept; a GIF stays as it is (it may move).
 */
export const AVATAR_WIDTHS = [64, 128, 192] as const;
export type AvatarWidth = (typeof AVATAR_WIDTHS)[number];
export const AVATAR_SIZES = '64px';

const STILL_AVATAR = /^\/uploads\/avatars\/([0-9a-f]{32})\.png$/;

export const avatarVariantPath = (id: string, width: AvatarWidth, format: PictureFormat) =>
  `/uploads/avatars/${id}-${width}.${format}`;

/** The AVIF and WebP sources of an uploaded PNG avatar; null for a GIF or any other address. */
export function avatarSources(src: string): PictureSource[] | null {
  const id = STILL_AVATAR.exec(src)?.[1];
  return id ? sourcesOf(id, AVATAR_WIDTHS, avatarVariantPath) : null;
}
