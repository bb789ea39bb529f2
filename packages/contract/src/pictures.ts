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
  if (!id) return null;
  return PICTURE_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcSet: PICTURE_WIDTHS.map((w) => `${variantPath(id, w, format)} ${w}w`).join(', '),
  }));
}
