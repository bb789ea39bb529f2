import { FULL_WIDTH_SIZES, type PictureSource, pictureSources } from '@app/contract/pictures';
import type { ImgHTMLAttributes } from 'react';
import styles from './picture.module.css';

type PictureProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** The copies to offer and the width the image takes; by default an uploaded content picture's. */
  copies?: { sources: PictureSource[] | null; sizes: string };
};

/**
 * An image of `src`. An uploaded still picture comes as a <picture>: the phone takes the AVIF (or
 * else WebP) copy of the width its screen needs (a content picture spans the phone: pictures.ts;
 * `copies` names others, an avatar's), and the original where it reads neither.
 */
export function Picture({ alt, copies, ...props }: PictureProps) {
  const { sources, sizes } = copies ?? { sources: pictureSources(props.src), sizes: FULL_WIDTH_SIZES };
  const image = <img alt={alt} {...props} />;
  if (!sources) return image;
  return (
    <picture className={styles.picture}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
