import { useSyncExternalStore } from 'react';

/**
 * Whether home's welcome popup (spec 2: webcontent, shown when index_modal is 1) is showing, for
 * what waits on it: registration via link runs when the popup closes (spec 4). The popup reports
 * `open` when it shows and `closed` when the player closes it; `unknown` until it has said anything.
 */
export type WelcomePopupPhase = 'unknown' | 'open' | 'closed';

let phase: WelcomePopupPhase = 'unknown';
const listeners = new Set<() => void>();

export function reportWelcomePopup(next: 'open' | 'closed') {
  if (phase === next) return;
  phase = next;
  for (const listener of listeners) listener();
}

export const welcomePopupPhase = () => phase;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useWelcomePopupPhase = () => useSyncExternalStore(subscribe, welcomePopupPhase);

/** Tests start each case with no popup seen. */
export function resetWelcomePopupForTests() {
  phase = 'unknown';
}
