import {
  RESTRICTION_LABEL,
  RESTRICTION_TERMS,
  type RestrictionKind,
  type RestrictionTerm,
  TERM_LABEL,
} from '@app/contract/protection';
import { useState } from 'react';
import { PATH } from '@/shared/routes/paths';
import { useNavigate } from '@/shared/routes/router/react';
import { signOut } from '@/shared/session/sign-out';
import { BottomSheet } from '@/shared/ui/bottom-sheet';
import { toast } from '@/shared/ui/feedback';
import { GoldButton } from '@/shared/ui/gold-button';
import { PayPasswordField } from '@/shared/ui/pay-password-field';
import styles from '@/shared/ui/settings-page.module.css';
import { useRestrict } from '../api/protection';
import { TP } from '../texts';

const HINT: Record<RestrictionKind, string> = { timeout: TP.timeoutHint, exclusion: TP.exclusionHint };

/** 冷静期 or 自我禁止: a term to choose, then the pay password to confirm it. */
export function RestrictionSection({ kind }: { kind: RestrictionKind }) {
  const [term, setTerm] = useState<RestrictionTerm>(RESTRICTION_TERMS[kind][0]);
  const [open, setOpen] = useState(false);
  const label = RESTRICTION_LABEL[kind];
  return (
    <section className={styles.section} data-testid={`restrict-${kind}`}>
      <h2 className={styles.sectionTitle}>{label}</h2>
      <p className={styles.sectionHint}>{HINT[kind]}</p>
      <div className={styles.chips}>
        {RESTRICTION_TERMS[kind].map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={t === term}
            className={[styles.chip, t === term ? styles.chipOn : ''].join(' ')}
            onClick={() => setTerm(t)}
          >
            {TERM_LABEL[t]}
          </button>
        ))}
      </div>
      <div className={styles.sheetActions} style={{ margin: '0 16px 16px' }}>
        <GoldButton onClick={() => setOpen(true)}>{TP.start(label, TERM_LABEL[term])}</GoldButton>
      </div>
      {open ? <RestrictSheet kind={kind} term={term} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function RestrictSheet({
  kind,
  term,
  onClose,
}: {
  kind: RestrictionKind;
  term: RestrictionTerm;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const restrict = useRestrict();
  const navigate = useNavigate();
  const label = RESTRICTION_LABEL[kind];
  const onConfirm = () => {
    if (password === '') {
      toast.info('请输入支付密码');
      return;
    }
    restrict.mutate(
      { kind, term, paypassword: password },
      {
        onSuccess: (message) => {
          toast.success(message);
          // Every session has ended on the server: forget this one and log in again.
          signOut();
          navigate(PATH.login, { replace: true });
        },
        onError: () => setPassword(''),
      },
    );
  };
  return (
    <BottomSheet visible title={`${TERM_LABEL[term]}${label}`} onClose={onClose}>
      <div className={styles.sheetBody}>
        <p className={styles.sheetText}>{TP.restrictConfirm(label, TERM_LABEL[term])}</p>
        <PayPasswordField
          id="restrict-paypassword"
          label={TP.payPasswordLabel}
          placeholder={TP.payPasswordPlaceholder}
          value={password}
          onChange={setPassword}
        />
        <div className={styles.sheetActions}>
          <GoldButton onClick={onConfirm} loading={restrict.isPending}>
            {TP.start(label, TERM_LABEL[term])}
          </GoldButton>
        </div>
      </div>
    </BottomSheet>
  );
}
