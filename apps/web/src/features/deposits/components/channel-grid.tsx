import { TP } from '@/shared/i18n/zh-cn/payments';
import type { PayChannel } from '../api/get-pay-way';
import styles from './channel-grid.module.css';
import { ChannelIcon } from './channel-icon';

interface ChannelGridProps {
  channels: readonly PayChannel[];
  selected: string | null;
  onSelect: (channel: PayChannel) => void;
}

/** The deposit channels the server offers, in its order, as one group of choices (spec 2 /recharge). */
export function ChannelGrid({ channels, selected, onSelect }: ChannelGridProps) {
  return (
    <div className={styles.grid} role="radiogroup" aria-label={TP.methodsTitle}>
      {channels.map((channel) => {
        const active = channel.type === selected;
        return (
          <label key={channel.type} className={[styles.channel, active ? styles.active : ''].join(' ')}>
            <input
              type="radio"
              name="pay-channel"
              value={channel.type}
              checked={active}
              onChange={() => onSelect(channel)}
              className={styles.radio}
            />
            <ChannelIcon type={channel.type} name={channel.name} className={styles.icon} />
            <span className={styles.name}>{channel.name}</span>
          </label>
        );
      })}
    </div>
  );
}
