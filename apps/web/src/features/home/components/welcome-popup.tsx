import { TH } from '@/shared/i18n/zh-cn/home';
import { ModalCenterPopup } from '@/shared/ui/modal-popup';
import { SafeHtml } from '@/shared/ui/safe-html';
import styles from './home-popups.module.css';
import { POPUP_SIZE } from './popup-size';

interface WelcomePopupProps {
  title: string;
  html: string;
  visible: boolean;
  onClose: () => void;
}

/** The welcome popup (spec 2): the app info's webcontent, sanitised, with one button to close it. */
export function WelcomePopup({ title, html, visible, onClose }: WelcomePopupProps) {
  return (
    <ModalCenterPopup
      visible={visible}
      onClose={onClose}
      dismissible={false}
      label={title}
      bodyClassName={styles.center}
      style={POPUP_SIZE}
      className={styles.dialog}
      testId="welcome-popup"
    >
      <h2 className={styles.title}>{title}</h2>
      <SafeHtml html={html} className={styles.welcome} testId="welcome-content" />
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onClose}>
          {TH.welcomeConfirm}
        </button>
      </div>
    </ModalCenterPopup>
  );
}
