import { FULL_WIDTH_SIZES, pictureSources } from '@app/contract/pictures';
import type { ImgHTMLAttributes } from 'react';
import styles from './picture.module.css';

type PictureProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/**
 * An image of `src`. An uploaded still picture comes as a <picture>: the phone takes the AVIF (or
 * else WebP) copy of the width its screen needs (every such picture spans the phone: pictures.ts),
 * and the original where it reads neither.
 */
export function Picture({ alt, ...props }: PictureProps) {
  const sources = pictureSources(props.src);
  const image = <img alt={alt} {...props} />;
  if (!sources) return image;
  return (
    <picture className={styles.picture}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={FULL_WIDTH_SIZES} />
      ))}
      {image}
    </picture>
  );
}
