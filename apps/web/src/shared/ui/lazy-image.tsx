import { type ReactNode, useEffect, useRef, useState } from 'react';
import { usePageIdle } from '@/shared/lib/page-idle';
import styles from './lazy-image.module.css';
import { Picture } from './picture';

/** Spec 9, image lazy loading: start 1.3 screens ahead, 2 attempts, then a placeholder. */
export const IMAGE_PRELOAD_MARGIN = '130% 0px';
export const IMAGE_ATTEMPTS = 2;

interface LazyImageProps {
  src: string;
  className?: string;
  /** Shown when every attempt failed (default: a dim picture frame). */
  fallback?: ReactNode;
  /**
   * On the first screen: loaded at once and shown as it arrives (no fade), decoded with the page's
   * first paint; the entry has usually preloaded it.
   */
  eager?: boolean;
}

/**
 * A decorative picture that loads when it comes within 1.3 screen heights of the viewport, once the
 * page's first screen is shown (pageIdle: the first screen's own pictures come first), and is tried
 * twice before its placeholder shows. Without IntersectionObserver it loads once the page is idle.
 */
export function LazyImage({ src, className, fallback, eager = false }: LazyImageProps) {
  const box = useRef<HTMLSpanElement>(null);
  // A first screen's own picture waits for nothing (and needs no observer).
  const idle = usePageIdle(!eager);
  const [inView, setInView] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const near = idle && inView;
  const [attempt, setAttempt] = useState(1);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const target = box.current;
    if (inView || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setInView(true);
        }
      },
      { rootMargin: IMAGE_PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [inView]);

  const failed = attempt > IMAGE_ATTEMPTS;
  const pending = !loaded && !failed;
  return (
    <span ref={box} className={[styles.box, pending ? styles.pending : '', className ?? ''].join(' ')}>
      {failed ? (
        (fallback ?? <span className={styles.placeholder} data-testid="image-placeholder" />)
      ) : near ? (
        <Picture
          // A new element for each attempt, so the browser asks again.
          key={attempt}
          className={[styles.image, loaded || eager ? styles.loaded : ''].join(' ')}
          src={src}
          alt=""
          decoding={eager ? 'sync' : 'async'}
          onLoad={() => setLoaded(true)}
          onError={() => setAttempt((n) => n + 1)}
        />
      ) : null}
    </span>
  );
}
