import { Button } from 'antd';
import type { CSSProperties } from 'react';
import { notify } from '@/shared/ui/feedback';
// The player app's own rich-text stylesheet: the preview shows operator HTML as players will see it.
// biome-ignore lint/style/noRestrictedImports: another app's stylesheet, not another feature's module
import playerHtml from '../../../../../web/src/shared/ui/safe-html.module.css';
import { previewHtml } from '../api';

/** The player app's dark theme, as its global stylesheet sets it (apps/web shared/styles/global.css). */
const PLAYER_THEME = {
  '--app-text': '#efe6d2',
  '--app-gold-light': '#f3dca6',
  background: '#191922',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  width: 390,
  maxWidth: '100%',
  padding: 16,
  borderRadius: 12,
  border: '1px solid rgba(212, 175, 106, 0.18)',
} as CSSProperties;

/**
 * Operator HTML as the server stored it (sanitised), in a phone-wide frame with the player app's
 * theme and rich-text styles.
 */
export function PlayerPreview({ html, title }: { html: string; title?: string }) {
  return (
    <div style={PLAYER_THEME} data-testid="player-preview">
      {title && (
        <div style={{ color: '#f3dca6', fontSize: 16, fontWeight: 600, marginBottom: 10 }}>{title}</div>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML, the same the player app gets */}
      <div className={playerHtml.html} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

/** Asks the server for `source()` as it would store it, and hands the answer to `onPreview`. */
export function PreviewButton({
  source,
  onPreview,
  small,
}: {
  source: () => string;
  onPreview: (html: string) => void;
  small?: boolean;
}) {
  return (
    <Button
      size={small ? 'small' : undefined}
      style={{ marginRight: 8 }}
      onClick={() => previewHtml(source()).then(onPreview, (e: Error) => notify.error(e.message))}
    >
      预览（玩家端效果）
    </Button>
  );
}
