import styles from './page-frame.module.css';

/**
 * What a framed page may do: a sponsor's page is static (no scripts; its own origin, so that its
 * pictures load); customer service runs its own chat.
 */
const SANDBOX = {
  static: 'allow-same-origin allow-popups allow-popups-to-escape-sandbox',
  interactive: 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
} as const;

interface PageFrameProps {
  src: string;
  title: string;
  kind: keyof typeof SANDBOX;
  /** In the shell: under its header and above the tab bar. */
  withTabBar?: boolean;
}

/**
 * A page of another address shown inside the app (a sponsor's page, customer service), sandboxed:
 * it can never navigate the app itself away.
 */
export function PageFrame({ src, title, kind, withTabBar }: PageFrameProps) {
  return (
    <iframe
      className={[styles.frame, withTabBar ? styles.aboveTabBar : ''].join(' ')}
      src={src}
      title={title}
      sandbox={SANDBOX[kind]}
      referrerPolicy="no-referrer"
      data-testid="page-frame"
    />
  );
}
