import { LIMIT_KINDS } from '@app/contract/protection';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import styles from '@/shared/ui/settings-page.module.css';
import { useProtectionState } from '../api/protection';
import { LimitSection } from '../components/limit-section';
import { RealityCheckSetting } from '../components/reality-check-setting';
import { RestrictionBanner } from '../components/restriction-banner';
import { RestrictionSection } from '../components/restriction-section';
import { TP } from '../texts';

/**
 * /protection, 负责任博彩: deposit and loss limits, the reality-check interval, time-out and
 * self-exclusion. Under a restriction only its term and the way to withdraw are offered.
 */
export function ProtectionPage() {
  const { data } = useProtectionState();
  return (
    <div className={styles.page} data-testid="protection-page">
      <PageNavBar title={TP.protectionTitle} />
      {data?.restriction ? (
        <RestrictionBanner restriction={data.restriction} />
      ) : data ? (
        <>
          <p className={styles.intro}>{TP.intro}</p>
          {LIMIT_KINDS.map((kind) => (
            <LimitSection
              key={kind}
              kind={kind}
              limits={data.limits.filter((l) => l.kind === kind)}
              hint={kind === 'loss' ? TP.lossHint : undefined}
            />
          ))}
          <RealityCheckSetting minutes={data.reality_check} />
          <RestrictionSection kind="timeout" />
          <RestrictionSection kind="exclusion" />
        </>
      ) : null}
    </div>
  );
}
