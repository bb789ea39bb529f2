import { useEffect, useState } from 'react';

/** The milliseconds left until `deadline` (epoch ms), updated every second and stopping at 0. */
export function useCountdown(deadline: number | null): number {
  const left = () => (deadline === null ? 0 : Math.max(0, deadline - Date.now()));
  const [msLeft, setMsLeft] = useState(left);
  useEffect(() => {
    const remaining = () => (deadline === null ? 0 : Math.max(0, deadline - Date.now()));
    setMsLeft(remaining());
    if (deadline === null || remaining() === 0) return;
    const timer = setInterval(() => {
      const next = remaining();
      setMsLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return msLeft;
}
