import { lazy, Suspense, useEffect } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { useBanners } from '../api/get-banners';
import styles from './banner-carousel.module.css';

const loadStrip = () => import('./banner-strip');
const Strip = lazy(() => loadStrip().then((m) => ({ default: m.Strip })));

/**
 * Home's banner carousel (spec 2; autoplay 3000 ms, a tap follows the link). The 5:2 box is there from
 * the start, so nothing below moves when the strip's code and the pictures arrive; the strip loads
 * beside home's first screen rather than in it.
 */
export function BannerCarousel() {
  const { data: banners } = useBanners();
  const list = banners ?? [];
  // The strip's code is fetched while the banners are asked for, not after.
  useEffect(() => void loadStrip(), []);
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={T.banners}>
      {list.length > 0 ? (
        <Suspense fallback={null}>
          <Strip banners={list} />
        </Suspense>
      ) : null}
    </section>
  );
}
