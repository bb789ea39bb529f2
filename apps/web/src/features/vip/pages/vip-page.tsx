import Swiper, { type SwiperRef } from 'antd-mobile/es/components/swiper';
import { useRef, useState } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { formatCurrency } from '@/shared/lib/money';
import { useVipLevel } from '@/shared/session/get-user';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { IconCrown } from '@/shared/ui/icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { useVipLevels, type VipLevel } from '../api/get-vip-levels';
import styles from './vip-page.module.css';

/** A rebate rate as the server gives it (a percentage), e.g. 0.45 → "0.45%". */
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/**
 * /vip, VIP特权 (spec 2; cached): the ten levels in a carousel, each with its requirement (cumulative
 * deposit and turnover), its retention turnover and 已达成/未达成; the player's progress when logged
 * in; the rebate rates per game category of every level; the promotion and relegation rules (spec 4).
 */
export function VipPage() {
  const { data: levels, isPending, refetch } = useVipLevels();
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.vip} />
      {isPending ? (
        <Loading />
      ) : !levels || levels.length === 0 ? (
        <EmptyState onRetry={() => void refetch()}>{TC.loadFailed}</EmptyState>
      ) : (
        <VipLadder levels={levels} />
      )}
    </div>
  );
}

function VipLadder({ levels }: { levels: VipLevel[] }) {
  const loggedIn = useIsLoggedIn();
  const myLevel = useVipLevel();
  const start = Math.max(
    0,
    levels.findIndex((l) => l.level === myLevel),
  );
  const [index, setIndex] = useState(loggedIn ? start : 0);
  const swiper = useRef<SwiperRef>(null);
  const shown = levels[index] ?? levels[0];

  const choose = (next: number) => {
    setIndex(next);
    swiper.current?.swipeTo(next);
  };

  return (
    <>
      <div className={styles.chips} role="tablist" aria-label={TC.vipLevels}>
        {levels.map((level, i) => (
          <button
            key={level.level}
            type="button"
            role="tab"
            aria-selected={i === index}
            className={[
              styles.chip,
              i === index ? styles.chipActive : '',
              level.reached ? styles.chipReached : '',
            ].join(' ')}
            onClick={() => choose(i)}
          >
            {level.name}
          </button>
        ))}
      </div>

      <Swiper
        ref={swiper}
        className={styles.swiper}
        defaultIndex={index}
        slideSize={86}
        trackOffset={7}
        stuckAtBoundary={false}
        indicator={false}
        onIndexChange={setIndex}
      >
        {levels.map((level) => (
          <Swiper.Item key={level.level}>
            <LevelCard level={level} loggedIn={loggedIn} current={loggedIn && level.level === myLevel} />
          </Swiper.Item>
        ))}
      </Swiper>

      <section className={styles.card} aria-labelledby="vip-rebates">
        <h2 id="vip-rebates" className={styles.heading}>
          {TC.rebateTable}
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{TC.rebateLevel}</th>
              {TC.rebateCategories.map(([key, name]) => (
                <th key={key} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {levels.map((level) => (
              <tr
                key={level.level}
                className={level.level === shown?.level ? styles.rowActive : undefined}
                data-testid="vip-rebate-row"
              >
                <th scope="row">{level.name}</th>
                {TC.rebateCategories.map(([key]) => (
                  <td key={key}>{percent(level[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.card} aria-labelledby="vip-rules">
        <h2 id="vip-rules" className={styles.heading}>
          {TC.vipRulesTitle}
        </h2>
        <ol className={styles.rules}>
          {TC.vipRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

function LevelCard({ level, loggedIn, current }: { level: VipLevel; loggedIn: boolean; current: boolean }) {
  const reached = level.reached === 1;
  return (
    <article
      className={[styles.level, reached ? styles.levelReached : ''].join(' ')}
      data-testid="vip-level"
      aria-label={level.name}
    >
      <div className={styles.levelTop}>
        <span className={styles.levelName}>
          <IconCrown />
          {level.name}
        </span>
        <span
          className={[styles.status, reached ? styles.statusReached : ''].join(' ')}
          data-testid="vip-status"
        >
          {reached ? TC.reached : TC.notReached}
        </span>
      </div>
      {current ? <span className={styles.current}>{TC.currentLevel}</span> : null}
      <p className={styles.requirementTitle}>{TC.requirement}</p>
      <dl className={styles.requirements}>
        <Requirement
          label={TC.recharge}
          need={level.recharge}
          have={loggedIn ? level.my_recharge : undefined}
        />
        <Requirement label={TC.flow} need={level.flow} have={loggedIn ? level.my_flow : undefined} />
        <div className={styles.retention}>
          <dt>
            {TC.retention}
            <small>{TC.retentionHint}</small>
          </dt>
          <dd>{formatCurrency(level.retention)}</dd>
        </div>
      </dl>
    </article>
  );
}

function Requirement({ label, need, have }: { label: string; need: number; have?: number }) {
  const ratio = have === undefined ? 0 : need <= 0 ? 1 : Math.min(1, have / need);
  return (
    <div className={styles.requirement}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.need}>{formatCurrency(need)}</span>
        {have !== undefined ? (
          <>
            <span className={styles.bar} aria-hidden="true">
              <span style={{ width: `${ratio * 100}%` }} />
            </span>
            <span className={styles.have}>
              {TC.myProgress} {formatCurrency(have)}
            </span>
          </>
        ) : null}
      </dd>
    </div>
  );
}
