import type { ReactNode } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import styles from './bottom-sheet.module.css';
import { ModalPopup } from './modal-popup';

interface BottomSheetProps {
  title: string;
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Stays at the bottom under the scrolling list (an "add" link). */
  footer?: ReactNode;
}

/** A bottom popup with a title and a close button, for choosing a card, a bank or a wallet. */
export function BottomSheet({ title, visible, onClose, children, footer }: BottomSheetProps) {
  return (
    <ModalPopup
      visible={visible}
      onClose={onClose}
      label={title}
      bodyClassName={styles.body}
      className={styles.sheet}
    >
      <header className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={T.close}>
          ×
        </button>
      </header>
      <div className={styles.content}>{children}</div>
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </ModalPopup>
  );
}

interface SheetOptionProps {
  selected: boolean;
  onClick: () => void;
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Right-aligned, before the check mark (a balance). */
  aside?: ReactNode;
  disabled?: boolean;
}

/** One choice in a bottom sheet, ticked when it is the chosen one. */
export function SheetOption({
  selected,
  onClick,
  icon,
  title,
  description,
  aside,
  disabled,
}: SheetOptionProps) {
  return (
    <button
      type="button"
      className={[styles.option, selected ? styles.selected : ''].join(' ')}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={selected}
    >
      {icon ? <span className={styles.optionIcon}>{icon}</span> : null}
      <span className={styles.optionText}>
        <span className={styles.optionTitle}>{title}</span>
        {description ? <span className={styles.optionDescription}>{description}</span> : null}
      </span>
      {aside ? <span className={styles.optionAside}>{aside}</span> : null}
      <span className={styles.check} aria-hidden="true" />
    </button>
  );
}
