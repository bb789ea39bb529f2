import type { ReactNode } from 'react';
import { TH } from '@/shared/i18n/zh-cn/home';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH, type RouteName } from '@/shared/routes/paths';
import { ROUTE_META } from '@/shared/routes/route-meta';
import { IconCash, IconGift, IconWallet } from '@/shared/ui/icons';
import { ModalCenterPopup, ModalPopup } from '@/shared/ui/modal-popup';
import { IconReceipt, IconSearch, IconSwapHoriz } from '@/shared/ui/page-icons';
import { IconApps, IconVolume } from './home-icons';
import styles from './home-popups.module.css';
import { POPUP_SIZE } from './popup-size';

interface PopupProps {
  visible: boolean;
  onClose: () => void;
}

/** The notice bar's popup (spec 2): every notice, and a button to the message centre. */
export function NoticePopup({ notices, visible, onClose }: PopupProps & { notices: string[] }) {
  const go = useAppNavigate();
  return (
    <ModalCenterPopup
      visible={visible}
      onClose={onClose}
      label={TH.noticeTitle}
      bodyClassName={styles.center}
      style={POPUP_SIZE}
      className={styles.dialog}
    >
      <h2 className={styles.title}>
        <IconVolume />
        {TH.noticeTitle}
      </h2>
      {notices.length > 0 ? (
        <ol className={styles.notices}>
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ol>
      ) : (
        <p className={styles.none}>{TH.noNotices}</p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {TH.close}
        </button>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            onClose();
            go(href.message(1));
          }}
        >
          {TH.toMessages}
        </button>
      </div>
    </ModalCenterPopup>
  );
}

/** The ten pages of the 更多 menu, titled as the pages are. */
const MORE: readonly { name: RouteName; icon: ReactNode }[] = [
  { name: 'recharge', icon: <IconWallet /> },
  { name: 'withdrawal', icon: <IconCash /> },
  { name: 'transfer', icon: <IconSwapHoriz /> },
  { name: 'transRecord', icon: <IconReceipt /> },
  { name: 'betRecord', icon: <IconReceipt /> },
  { name: 'hongbao', icon: <IconGift /> },
  { name: 'fanshui', icon: <IconCash /> },
  { name: 'concise', icon: <IconApps /> },
  { name: 'search', icon: <IconSearch /> },
  { name: 'boutBallBet', icon: <IconVolume /> },
];

/** 更多 (spec 2: a more-menu with 10 entries): a bottom sheet of ten pages. */
export function MoreMenu({ visible, onClose }: PopupProps) {
  const go = useAppNavigate();
  return (
    <ModalPopup visible={visible} onClose={onClose} label={TH.moreTitle} bodyClassName={styles.sheet}>
      <h2 className={styles.sheetTitle}>{TH.moreTitle}</h2>
      <ul className={styles.grid}>
        {MORE.map((entry) => (
          <li key={entry.name}>
            <button
              type="button"
              className={styles.entry}
              onClick={() => {
                onClose();
                go(PATH[entry.name]);
              }}
            >
              <span className={styles.entryIcon}>{entry.icon}</span>
              {ROUTE_META[entry.name].title}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.sheetClose} onClick={onClose}>
        {TH.close}
      </button>
    </ModalPopup>
  );
}
