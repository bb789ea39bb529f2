import { USDT_PROTOCOLS, type UsdtProtocol } from '@app/contract/wallet-rules';
import { CardIcon } from './card-icon';
import styles from './protocol-choice.module.css';

/** The USDT protocol as a pair of radio chips (binding an address, depositing USDT). */
export function ProtocolChoice({
  labelId,
  value,
  onChange,
}: {
  /** The id of the field label that names the group. */
  labelId: string;
  value: UsdtProtocol;
  onChange: (protocol: UsdtProtocol) => void;
}) {
  return (
    <div className={styles.protocols} role="radiogroup" aria-labelledby={labelId}>
      {USDT_PROTOCOLS.map((p) => (
        <label key={p} className={[styles.protocol, value === p ? styles.active : ''].join(' ')}>
          <input
            type="radio"
            name="usdt-protocol"
            value={p}
            checked={value === p}
            onChange={() => onChange(p)}
            className={styles.radio}
          />
          <CardIcon ico={p === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20'} />
          {p}
        </label>
      ))}
    </div>
  );
}
