import type { ComponentProps } from 'react';
import { CardIcon } from '@/shared/wallet/card-icon';
import styles from '../pages/bind-page.module.css';

/** The head of a bind form: the kind's icon, what is bound, and a line about it. */
export function BindIntro({
  ico,
  title,
  text,
}: {
  ico: ComponentProps<typeof CardIcon>['ico'];
  title: string;
  text: string;
}) {
  return (
    <div className={styles.intro}>
      <CardIcon ico={ico} className={styles.introIcon} />
      <div>
        <p className={styles.introTitle}>{title}</p>
        <p className={styles.introText}>{text}</p>
      </div>
    </div>
  );
}
