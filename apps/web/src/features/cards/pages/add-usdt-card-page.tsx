import {
  type BindUsdtFields,
  bindUsdtError,
  type UsdtProtocol,
  usdtAddressValid,
} from '@app/contract/wallet-rules';
import { ContractForm, Form, FormValue } from '@/shared/forms/contract-form';
import { NoteAndSubmit } from '@/shared/forms/note-and-submit';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { FieldAction, FieldTextArea, FormField } from '@/shared/ui/form-field';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { ProtocolChoice } from '@/shared/wallet/protocol-choice';
import { BindIntro } from '../components/bind-intro';
import { BindSecretRows } from '../components/bind-secret-rows';
import { useBindSubmit } from '../hooks/use-bind-submit';
import styles from './bind-page.module.css';

const ADDRESS_MAX_LENGTH = 64;
const canPaste = () => typeof navigator.clipboard?.readText === 'function';

type UsdtCardValues = BindUsdtFields & { protocol: UsdtProtocol; code: string };
const empty: UsdtCardValues = { protocol: 'TRC20', address: '', payPassword: '', code: '' };

/**
 * /addUsdtCard (spec 2, 5): protocol (TRC20 by default, or ERC20), address, pay password, checked
 * with the contract's rules in the spec's order; then 绑定成功 and back to the addresses.
 */
export function AddUsdtCardPage() {
  const [form] = Form.useForm();
  const protocol: UsdtProtocol = Form.useWatch('protocol', form) ?? empty.protocol;
  const address: string = Form.useWatch('address', form) ?? '';
  const bind = useBindSubmit(1, form);
  const go = useAppNavigate();

  const trimmed = address.trim();
  const addressLooksWrong = trimmed !== '' && !usdtAddressValid(protocol, trimmed);

  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText();
      if (text) form.setFieldsValue({ address: text.trim().slice(0, ADDRESS_MAX_LENGTH) });
    } catch {
      // The player refused the clipboard; typing still works.
    }
  };

  const onValid = (values: UsdtCardValues) =>
    bind.submit(
      {
        bank: 'USDT',
        bank_owner: values.protocol,
        bank_no: values.address.trim(),
        bank_address: '',
        pay_pass: values.payPassword,
      },
      values.code,
    );

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.addUsdtCard} />
      <ContractForm
        form={form}
        initialValues={empty}
        check={bindUsdtError}
        onValid={onValid}
        busy={bind.pending}
      >
        <BindIntro
          ico={protocol === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20'}
          title={TW.usdtAddressLabel(protocol)}
          text={TW.usdtNetwork(protocol)}
        />
        <div className={styles.card}>
          <FormField labelId="usdt-protocol-label" label={TW.fieldProtocol}>
            <FormValue name="protocol">
              <ProtocolChoice labelId="usdt-protocol-label" />
            </FormValue>
          </FormField>
          <FormField
            htmlFor="usdt-address"
            label={TW.fieldUsdtAddress}
            alignTop
            extra={canPaste() ? <FieldAction onClick={paste}>{TW.paste}</FieldAction> : undefined}
          >
            <FormValue name="address">
              <FieldTextArea
                id="usdt-address"
                placeholder={TW.placeholderUsdtAddress}
                maxLength={ADDRESS_MAX_LENGTH}
              />
            </FormValue>
          </FormField>
          <BindSecretRows idPrefix="usdt" />
        </div>
        <p className={[styles.hint, addressLooksWrong ? styles.hintBad : ''].join(' ')}>
          {TW.usdtAddressHint(protocol)}
        </p>
        <NoteAndSubmit
          note={TW.usdtBindWarning}
          submitText={TW.confirmBind}
          loading={bind.pending}
          classes={{ note: styles.warning, submit: styles.submit }}
        />
        <button type="button" className={styles.more} onClick={() => go(PATH.usdtmore)}>
          {TW.usdtDifference}
        </button>
      </ContractForm>
    </div>
  );
}
