import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './safe-html.module.css';

/** Tags a server's rich text never needs: no forms, frames, embedded objects or styles of its own. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

let hooked = false;

/**
 * Every HTML string from the server (DESIGN 7) passes here before it is shown: DOMPurify keeps text
 * and formatting and drops scripts, event handlers (onerror=, onclick=) and javascript: or data:
 * addresses. A link that opens another window gets rel="noopener noreferrer".
 */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target'))
        node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    ADD_ATTR: ['target'],
  });
}

interface SafeHtmlProps {
  html: string;
  className?: string;
  /** For tests and the browser tests: which piece of rich text this is. */
  testId?: string;
}

/** Server HTML (activity content and memo, articles, messages, the welcome popup), sanitised. */
export function SafeHtml({ html, className, testId }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={[styles.html, className].filter(Boolean).join(' ')}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
