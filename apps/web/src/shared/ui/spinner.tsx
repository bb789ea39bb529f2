import type { CSSProperties } from 'react';
import styles from './spinner.module.css';

/** A gold ring turning while something loads; `size` in pixels. */
export function Spinner({ size }: { size: number }) {
  return <span className={styles.spinner} style={{ '--spinner-size': `${size}px` } as CSSProperties} />;
}
