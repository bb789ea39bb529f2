import { STATEMENT_STATE } from '@app/contract/agents';
import styles from './agent-centre.module.css';

/** A statement's state as the server words it, green once paid, red when withheld. */
export function StatementState({ state, label }: { state: number; label: string }) {
  const tone =
    state === STATEMENT_STATE.paid ? styles.paid : state === STATEMENT_STATE.withheld ? styles.withheld : '';
  return (
    <span className={[styles.state, tone].join(' ')} data-testid="statement-state">
      {label}
    </span>
  );
}

/** A net loss in green when positive (the agent earns on it), red when the players came out ahead. */
export const netTone = (net: number) => (net > 0 ? styles.gain : net < 0 ? styles.loss : '');
