import { useEffect, useState } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { formatJackpot, JACKPOT, nextJackpot, tickGrows } from '../lib/jackpot';
import styles from './jackpot-counter.module.css';

/**
 * Home's decorative jackpot counter (spec 9): 60,000,000.00 growing by 0-49.99 every 50 ms, with an
 * 800 ms pause after every 2000 ms, wrapping at 60,533,624.91; shown as 13 characters. It stops while
 * home is hidden (its effect is paused) and goes on from where it was.
 */
export function JackpotCounter() {
  const [cents, setCents] = useState<number>(JACKPOT.startCents);

  useEffect(() => {
    let tick = 0;
    const timer = window.setInterval(() => {
      tick += 1;
      if (tickGrows(tick)) setCents((value) => nextJackpot(value));
    }, JACKPOT.tickMs);
    return () => window.clearInterval(timer);
  }, []);

  const text = formatJackpot(cents);
  return (
    <section className={styles.jackpot} aria-label={T.jackpot}>
      <h2 className={styles.label}>{T.jackpot}</h2>
      <p className={styles.value}>
        <span className={styles.spoken}>{text}</span>
        <span className={styles.cells} aria-hidden="true" data-testid="jackpot-value">
          {[...text].map((char, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of 13 cells
              key={i}
              className={/\d/.test(char) ? styles.digit : styles.mark}
            >
              {char}
            </span>
          ))}
        </span>
      </p>
    </section>
  );
}
