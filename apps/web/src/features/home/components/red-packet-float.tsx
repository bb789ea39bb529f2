import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { useAppInfo } from '@/shared/session/get-app-info';
import styles from './red-packet-float.module.css';

/** Home's floating red packet (spec 2): shown while redpacket_switch is 1; a tap opens /hongbao. */
export function RedPacketFloat() {
  const appInfo = useAppInfo();
  const go = useAppNavigate();
  if (appInfo?.redpacket_switch !== 1) return null;
  return (
    <button
      type="button"
      className={styles.float}
      onClick={() => go(PATH.hongbao)}
      aria-label={T.redPacket}
      data-testid="red-packet-float"
    >
      <svg viewBox="0 0 48 56" width="48" height="56" aria-hidden="true">
        <rect x="2" y="2" width="44" height="52" rx="7" fill="#d4262b" />
        <path d="M2 9a7 7 0 0 1 7-7h30a7 7 0 0 1 7 7v9c-6 5-14 8-22 8S8 23 2 18z" fill="#b81d22" />
        <circle cx="24" cy="25" r="8" fill="#f5cf74" stroke="#fff0c2" strokeWidth="1.5" />
        <text x="24" y="29" fontSize="10" fontWeight="700" textAnchor="middle" fill="#9a1a1e">
          ¥
        </text>
      </svg>
      <span className={styles.label}>{T.redPacket}</span>
    </button>
  );
}
