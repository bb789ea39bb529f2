import { Activity, createContext, Fragment, type ReactNode, useContext, useRef } from 'react';
import { useMatches, useOutlet } from '@/shared/routes/router/react';
import { useSession } from '@/shared/session/session-store';

/** A route whose handle says keepAlive stays mounted (hidden) after it is left. */
const isKeptAlive = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as { keepAlive?: unknown }).keepAlive === true;

/** How deep in the route tree this outlet renders (0: children of the root route). */
const OutletDepth = createContext(0);
/** False inside a hidden (kept-alive but not shown) subtree: its outlets keep what they had. */
const VisibleBranch = createContext(true);

interface OutletMemory {
  currentKey: string | null;
  current: ReactNode;
  kept: Map<string, ReactNode>;
  token: string | null;
}

/**
 * An <Outlet> that keeps visited cached routes mounted (spec 2: "cached" routes keep their state when
 * left and revisited). Each kept route renders inside React's <Activity>: visible when it is the
 * current route, hidden (state kept, effects paused) otherwise. Other routes render and unmount as
 * usual. Everything kept is dropped when the session changes, so no page outlives the player who
 * saw it.
 */
export function KeepAliveOutlet() {
  const depth = useContext(OutletDepth);
  const visible = useContext(VisibleBranch);
  const outlet = useOutlet();
  const matches = useMatches();
  const token = useSession((s) => s.token);
  const memory = useRef<OutletMemory>({ currentKey: null, current: null, kept: new Map(), token });
  const m = memory.current;

  if (m.token !== token) {
    m.kept.clear();
    m.token = token;
  }
  if (visible) {
    const match = matches[depth + 1];
    m.currentKey = match?.id ?? null;
    if (match && isKeptAlive(match.handle)) {
      m.kept.set(match.id, outlet);
      m.current = null;
    } else {
      m.current = outlet;
    }
  } else {
    // A hidden branch shows nothing new; a route that is not kept alive has no reason to stay.
    m.current = null;
  }

  return (
    <OutletDepth.Provider value={depth + 1}>
      {[...m.kept].map(([key, element]) => {
        const shown = visible && key === m.currentKey;
        return (
          <Activity key={key} mode={shown ? 'visible' : 'hidden'}>
            <VisibleBranch.Provider value={shown}>{element}</VisibleBranch.Provider>
          </Activity>
        );
      })}
      <Fragment key="current">{m.current}</Fragment>
    </OutletDepth.Provider>
  );
}

export { isKeptAlive };
