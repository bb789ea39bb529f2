import { MSG } from '@app/contract/messages';
import type { TwoFactorEnrolment } from '@app/contract/protection';
import { useState } from 'react';
import { copyText } from '@/shared/lib/clipboard';
import { useTwoFactorState } from '@/shared/security/two-factor';
import { BottomSheet } from '@/shared/ui/bottom-sheet';
import { toast } from '@/shared/ui/feedback';
import { GoldButton } from '@/shared/ui/gold-button';
import styles from '@/shared/ui/settings-page.module.css';
import { TOTP_TEXT, TotpCodeInput } from '@/shared/ui/totp-code-field';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnrolTwoFactor } from '../api/security';
import { TS } from '../texts';

const groupsOfFour = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** 账户安全's 谷歌验证器: bind (QR code, first code, recovery codes shown once) or unbind with a code. */
export function TwoFactorSection() {
  const state = useTwoFactorState();
  const enrol = useEnrolTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [disabling, setDisabling] = useState(false);
  const on = state.data?.enabled ?? false;
  const start = () => enrol.mutate(undefined, { onSuccess: (data) => setEnrolment(data ?? null) });
  return (
    <section className={styles.section} data-testid="two-factor">
      <h2 className={styles.sectionTitle}>{TS.twoFactorTitle}</h2>
      <p className={styles.sectionHint}>{TS.twoFactorHint}</p>
      <div className={styles.row}>
        <div className={styles.rowMain}>
          <div className={styles.rowTitle}>{on ? TS.twoFactorOn : TS.twoFactorOff}</div>
          {on ? (
            <div className={styles.rowDetail}>{TS.recoveryLeft(state.data?.recovery_left ?? 0)}</div>
          ) : null}
        </div>
        <button
          type="button"
          className={styles.smallButton}
          disabled={state.isPending}
          onClick={() => (on ? setDisabling(true) : start())}
        >
          {on ? TS.unbindTwoFactor : TS.bindTwoFactor}
        </button>
      </div>
      {enrolment ? <EnrolSheet enrolment={enrolment} onClose={() => setEnrolment(null)} /> : null}
      {disabling ? <DisableSheet onClose={() => setDisabling(false)} /> : null}
    </section>
  );
}

function EnrolSheet({ enrolment, onClose }: { enrolment: TwoFactorEnrolment; onClose: () => void }) {
  const [code, setCode] = useState('');
  const confirm = useConfirmTwoFactor();
  const codes = confirm.data?.codes;
  const onConfirm = () => {
    if (!/^\d{6}$/.test(code.trim())) {
      toast.info(TS.codePlaceholder);
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: ({ message }) => toast.success(message),
      onError: () => setCode(''),
    });
  };
  if (codes) {
    return (
      <BottomSheet visible title={TS.recoveryTitle} onClose={onClose}>
        <div className={styles.sheetBody}>
          <p className={styles.sheetText}>{TS.recoveryHint}</p>
          <ol className={styles.recoveryCodes} data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <div className={styles.sheetActions}>
            <GoldButton onClick={onClose}>{TS.recoverySaved}</GoldButton>
            <button
              type="button"
              className={styles.textButton}
              onClick={async () => {
                if (await copyText(codes.join('\n'))) toast.success(MSG.copied);
              }}
            >
              {TS.recoveryCopy}
            </button>
          </div>
        </div>
      </BottomSheet>
    );
  }
  return (
    <BottomSheet visible title={TS.enrolTitle} onClose={onClose}>
      <div className={styles.sheetBody}>
        <p className={styles.sheetText}>{TS.enrolScan}</p>
        <img className={styles.qr} src={enrolment.qr} alt={TS.enrolTitle} width={168} height={168} />
        <p className={styles.sheetText}>
          {TS.enrolManual}
          <span className={styles.secret} data-testid="totp-secret">
            {groupsOfFour(enrolment.secret)}
          </span>
        </p>
        <p className={styles.sheetText}>{TS.enrolCode}</p>
        <TotpCodeInput
          id="totp-first-code"
          value={code}
          onChange={setCode}
          placeholder={TS.codePlaceholder}
          digitsOnly
        />
        <div className={styles.sheetActions}>
          <GoldButton onClick={onConfirm} loading={confirm.isPending}>
            {TS.confirmBind}
          </GoldButton>
        </div>
      </div>
    </BottomSheet>
  );
}

function DisableSheet({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState('');
  const disable = useDisableTwoFactor();
  const onConfirm = () => {
    if (code.trim() === '') {
      toast.info(TOTP_TEXT.placeholder);
      return;
    }
    disable.mutate(code.trim(), {
      onSuccess: (message) => {
        toast.success(message);
        onClose();
      },
      onError: () => setCode(''),
    });
  };
  return (
    <BottomSheet visible title={TS.disableTitle} onClose={onClose}>
      <div className={styles.sheetBody}>
        <p className={styles.sheetText}>{TS.disableHint}</p>
        <TotpCodeInput id="totp-disable-code" value={code} onChange={setCode} />
        <div className={styles.sheetActions}>
          <GoldButton onClick={onConfirm} loading={disable.isPending}>
            {TS.confirmUnbind}
          </GoldButton>
        </div>
      </div>
    </BottomSheet>
  );
}
