import { agentApplicationError } from '@app/contract/content-rules';
import { MSG } from '@app/contract/messages';
import { type FormEvent, useState } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';
import { FieldInput, FieldTextArea, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { useApplyForAgency } from '../api/apply-agent';
import styles from './apply-agent-page.module.css';

const MOBILE_MAX_LENGTH = 11;
const REASON_MAX_LENGTH = 200;

/**
 * /applyagent, 合营计划 (spec 2 and 5): mobile and reason, checked first with the contract's rule
 * (请输入正确手机号, then 请输入申请理由); a visitor is sent to log in; the server's answer is shown.
 */
export function ApplyAgentPage() {
  const [mobile, setMobile] = useState('');
  const [reason, setReason] = useState('');
  const loggedIn = useIsLoggedIn();
  const go = useAppNavigate();
  const apply = useApplyForAgency();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    const problem = agentApplicationError({ mobile, reason });
    if (problem) {
      toast.info(problem);
      return;
    }
    if (!loggedIn) {
      toast.info(MSG.pleaseLogin);
      go(href.login({ redirect: PATH.applyagent }));
      return;
    }
    apply.mutate(
      { mobile: mobile.trim(), apply_info: reason.trim() },
      {
        onSuccess: (message) => {
          toast.success(message);
          setMobile('');
          setReason('');
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.applyagent} />
      <p className={styles.intro}>{TC.agentIntro}</p>
      <form onSubmit={onSubmit} noValidate aria-label={TITLE.applyagent}>
        <div className={styles.card}>
          <FormField htmlFor="agent-mobile" label={TC.fieldMobile}>
            <FieldInput
              id="agent-mobile"
              type="tel"
              inputMode="numeric"
              value={mobile}
              onChange={(value) => setMobile(value.replace(/\D/g, ''))}
              placeholder={TC.placeholderMobile}
              maxLength={MOBILE_MAX_LENGTH}
            />
          </FormField>
          <FormField htmlFor="agent-reason" label={TC.fieldReason} alignTop>
            <FieldTextArea
              id="agent-reason"
              value={reason}
              onChange={setReason}
              placeholder={TC.placeholderReason}
              maxLength={REASON_MAX_LENGTH}
              rows={5}
            />
          </FormField>
          <p className={styles.count}>
            {reason.length}/{REASON_MAX_LENGTH}
          </p>
        </div>
        <div className={styles.submit}>
          <GoldButton type="submit" loading={apply.isPending}>
            {TC.submitApplication}
          </GoldButton>
        </div>
      </form>
    </div>
  );
}
