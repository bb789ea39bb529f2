import { bindUsdtError, type UsdtProtocol, usdtAddressValid } from '@app/contract/wallet-rules';
import { type FormEvent, useState } from 'react';
import { T, TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { FieldAction, FieldTextArea, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PayPasswordField } from '@/shared/ui/pay-password-field';
import { TotpCodeField } from '@/shared/ui/totp-code-field';
import { CardIcon } from '@/shared/wallet/card-icon';
import { ProtocolChoice } from '@/shared/wallet/protocol-choice';
import { useBindSubmit } from '../hooks/use-bind-submit';
import styles from './bind-page.module.css';

const ADDRESS_MAX_LENGTH = 64;
const canPaste = () => typeof navigator.clipboard?.readText === 'function';

/**
 * /addUsdtCard (spec 2, 5): protocol (TRC20 by default, or ERC20), address, pay password, checked
 * with the contract's rules in the spec's order; then 绑定成功 and back to the addresses.
 */
export function AddUsdtCardPage() {
  const [protocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const [address, setAddress] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const bind = useBindSubmit(1, () => setPayPassword(''));
  const go = useAppNavigate();

  const trimmed = address.trim();
  const addressLooksWrong = trimmed !== '' && !usdtAddressValid(protocol, trimmed);

  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText();
      if (text) setAddress(text.trim().slice(0, ADDRESS_MAX_LENGTH));
    } catch {
      // The player refused the clipboard; typing still works.
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    bind.submit(bindUsdtError({ protocol, address, payPassword }), {
      bank: 'USDT',
      bank_owner: protocol,
      bank_no: trimmed,
      bank_address: '',
      pay_pass: payPassword,
    });
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.addUsdtCard} />
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.intro}>
          <CardIcon ico={protocol === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20'} className={styles.introIcon} />
          <div>
            <p className={styles.introTitle}>{TW.usdtAddressLabel(protocol)}</p>
            <p className={styles.introText}>{TW.usdtNetwork(protocol)}</p>
          </div>
        </div>
        <div className={styles.card}>
          <FormField labelId="usdt-protocol-label" label={TW.fieldProtocol}>
            <ProtocolChoice labelId="usdt-protocol-label" value={protocol} onChange={setProtocol} />
          </FormField>
          <FormField
            htmlFor="usdt-address"
            label={TW.fieldUsdtAddress}
            alignTop
            extra={canPaste() ? <FieldAction onClick={paste}>{TW.paste}</FieldAction> : undefined}
          >
            <FieldTextArea
              id="usdt-address"
              value={address}
              onChange={setAddress}
              placeholder={TW.placeholderUsdtAddress}
              maxLength={ADDRESS_MAX_LENGTH}
            />
          </FormField>
          <PayPasswordField
            id="usdt-pay-password"
            label={T.fieldPayPassword}
            placeholder={TW.placeholderBindPayPassword}
            value={payPassword}
            onChange={setPayPassword}
          />
          <TotpCodeField id="usdt-totp-code" value={bind.code} onChange={bind.setCode} />
        </div>
        <p className={[styles.hint, addressLooksWrong ? styles.hintBad : ''].join(' ')}>
          {TW.usdtAddressHint(protocol)}
        </p>
        <p className={styles.warning}>
          <IconInfo />
          {TW.usdtBindWarning}
        </p>
        <div className={styles.submit}>
          <GoldButton type="submit" loading={bind.pending}>
            {TW.confirmBind}
          </GoldButton>
        </div>
        <button type="button" className={styles.more} onClick={() => go(PATH.usdtmore)}>
          {TW.usdtDifference}
        </button>
      </form>
    </div>
  );
}
