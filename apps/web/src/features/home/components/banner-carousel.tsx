import { T } from '@/shared/i18n/zh-cn';
import { useBanners } from '../api/get-banners';
import styles from './banner-carousel.module.css';
import { Strip } from './banner-strip';

/**
 * Home's banner carousel (spec 2; autoplay 3000 ms, a tap follows the link). The 5:2 box is there from
 * the start, so nothing below moves when the pictures arrive. The strip's code comes with home's: its
 * first picture is the largest thing on the first screen, so nothing but the banner list may stand
 * before it.
 */
export function BannerCarousel() {
  const { data: banners } = useBanners();
  const list = banners ?? [];
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={T.banners}>
      {list.length > 0 ? <Strip banners={list} /> : null}
    </section>
  );
}
