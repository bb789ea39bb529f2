import { USDT_PROTOCOLS, type UsdtProtocol } from '@app/contract/wallet-rules';
import { RadioChips } from '@/shared/ui/radio-chips';
import { CardIcon } from './card-icon';
import styles from './protocol-choice.module.css';

const CLASSES = {
  group: styles.protocols,
  chip: styles.protocol,
  active: styles.active,
  radio: styles.radio,
};
const icon = (p: UsdtProtocol) => <CardIcon ico={p === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20'} />;

/** The USDT protocol as a pair of radio chips (binding an address, depositing USDT). */
export function ProtocolChoice(props: {
  /** The id of the field label that names the group. */
  labelId: string;
  /** Given by the form (a FormValue). */
  value?: UsdtProtocol;
  onChange?: (protocol: UsdtProtocol) => void;
}) {
  return (
    <RadioChips name="usdt-protocol" options={USDT_PROTOCOLS} icon={icon} classes={CLASSES} {...props} />
  );
}
