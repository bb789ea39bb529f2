import { BANNER_AUTOPLAY_MS } from '@app/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { apiAssetUrl } from '@/shared/api/asset-url';
import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { Picture } from '@/shared/ui/picture';
import type { Banner } from '../api/get-banners';
import styles from './banner-carousel.module.css';

/** How long the smooth scroll to the copy of the first banner takes before the quiet jump back. */
const WRAP_MS = 450;

/**
 * The banners side by side in a scroll-snapping strip (swiped by hand, no library), moved on every
 * 3000 ms; after the last comes a copy of the first, so the strip keeps moving the same way and then
 * jumps back unseen. A touch holds it; a tap follows the banner's link.
 */
export function Strip({ banners }: { banners: Banner[] }) {
  const go = useAppNavigate();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const held = useRef(false);
  /** The player moved the strip: the next settled position becomes the current slide. */
  const byHand = useRef(false);
  const settle = useRef<number | undefined>(undefined);
  const count = banners.length;
  const slides = count > 1 ? [...banners, banners[0] as Banner] : banners;

  // Autoplay: one step every 3000 ms unless a finger holds the strip.
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => {
      if (!held.current) setIndex((i) => (i >= count ? 1 : i + 1));
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  // Show the current slide; from the copy of the first, jump back to the real one unseen.
  useEffect(() => {
    const el = strip.current;
    if (!el || typeof el.scrollTo !== 'function') return;
    const width = el.clientWidth;
    if (Math.round(el.scrollLeft / Math.max(width, 1)) !== index)
      el.scrollTo({ left: index * width, behavior: 'smooth' });
    if (index !== count || count < 2) return;
    const back = window.setTimeout(() => {
      el.scrollTo({ left: 0, behavior: 'instant' });
      setIndex(0);
    }, WRAP_MS);
    return () => window.clearTimeout(back);
  }, [index, count]);

  // A swipe by hand: the slide it settles on becomes the current one (scrolls the autoplay makes
  // are left alone, or their halfway positions would pull the strip back).
  const onScroll = () => {
    const el = strip.current;
    if (!el || !byHand.current) return;
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      setIndex(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
      byHand.current = held.current;
    }, 120);
  };
  useEffect(() => () => window.clearTimeout(settle.current), []);
  const hold = (on: boolean) => {
    held.current = on;
    if (on) byHand.current = true;
  };

  const follow = (banner: Banner) => {
    if (banner.link.startsWith('/')) go(banner.link);
  };

  return (
    <>
      <div
        ref={strip}
        className={styles.strip}
        onScroll={onScroll}
        onTouchStart={() => hold(true)}
        onTouchEnd={() => hold(false)}
        onTouchCancel={() => hold(false)}
        data-testid="banner-strip"
      >
        {slides.map((banner, i) => (
          <button
            // The copy of the first banner shares its src: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slides
            key={i}
            type="button"
            className={styles.slide}
            onClick={() => follow(banner)}
            aria-hidden={i === count ? true : undefined}
            tabIndex={i === count ? -1 : undefined}
            aria-label={T.bannerN(i + 1)}
            data-testid={i === count ? undefined : 'banner'}
          >
            <Picture
              src={apiAssetUrl(banner.src)}
              alt=""
              width={750}
              height={300}
              loading={i === 0 ? 'eager' : 'lazy'}
              // The first banner is the first screen's largest picture: painted with the page.
              decoding={i === 0 ? 'sync' : 'async'}
              draggable={false}
            />
          </button>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.dots} aria-hidden="true" data-testid="banner-dots">
          {banners.map((_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per fixed slide
              key={i}
              className={[styles.dot, index % count === i ? styles.dotActive : ''].join(' ')}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
