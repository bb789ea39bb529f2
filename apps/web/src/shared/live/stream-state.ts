import { create } from 'zustand';

/**
 * Whether the player's event stream is open: while it is, what it pushes replaces the spec's
 * polling (balance 4.3 s, venue balances 3.5 / 1.5 s); while it is down, polling is the fallback.
 */
export const useStreamLive = create<{ live: boolean }>()(() => ({ live: false }));

export const setStreamLive = (live: boolean) => useStreamLive.setState({ live });

/** A poll interval, or none while the stream pushes the changes instead. */
export function usePollUnlessLive(intervalMs: number): number | false {
  return useStreamLive((s) => s.live) ? false : intervalMs;
}
