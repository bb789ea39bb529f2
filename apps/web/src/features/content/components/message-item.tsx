import { useState } from 'react';
import { TC } from '@/shared/i18n/zh-cn/content';
import { IconChevronDown } from '@/shared/ui/page-icons';
import { SafeHtml } from '@/shared/ui/safe-html';
import type { Notice } from '../api/get-notices';
import styles from './message-item.module.css';

interface MessageItemProps {
  notice: Notice;
  /** In-site messages show whether they are read, and are marked read when first opened. */
  unread: boolean;
  onRead: () => void;
}

/** An announcement or in-site message: its title and time; a tap shows its content (sanitised HTML). */
export function MessageItem({ notice, unread, onRead }: MessageItemProps) {
  const [open, setOpen] = useState(false);
  const toggle = () => {
    if (!open && unread) onRead();
    setOpen(!open);
  };
  const bodyId = `message-${notice.id}`;
  return (
    <article className={styles.item} data-testid="message-item">
      <button
        type="button"
        className={styles.head}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={toggle}
      >
        <span className={styles.titleRow}>
          {unread ? <span className={styles.dot} role="img" aria-label={TC.unread} /> : null}
          <span className={[styles.title, unread ? styles.titleUnread : ''].join(' ')}>{notice.title}</span>
        </span>
        <span className={styles.time}>{notice.created_at}</span>
        <IconChevronDown className={[styles.chevron, open ? styles.chevronOpen : ''].join(' ')} />
      </button>
      {open ? (
        <div id={bodyId} className={styles.body}>
          <SafeHtml html={notice.content} testId="message-content" />
        </div>
      ) : null}
    </article>
  );
}
