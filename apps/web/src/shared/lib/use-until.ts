import { useEffect, useState } from 'react';
import { parseBeijingTime } from './time';

/** setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Whether the server time `until` (Beijing, `YYYY-MM-DD HH:mm:ss`) is still ahead: true until that
 * moment, then false without a reload. Null or a malformed time: false.
 */
export function useUntil(until: string | null): boolean {
  const at = until === null ? null : parseBeijingTime(until);
  const [ahead, setAhead] = useState(() => at !== null && at > Date.now());
  useEffect(() => {
    if (at === null) {
      setAhead(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const left = at - Date.now();
      setAhead(left > 0);
      if (left > 0) timer = setTimeout(check, Math.min(left, MAX_DELAY_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [at]);
  return ahead;
}
