import { RealityCheck } from './reality-check';
import { RestrictionGate } from './restriction-gate';

/** What watches a logged-in player's protection settings on every page: the restriction gate and the reality check. */
export function PlayerProtection() {
  return (
    <>
      <RestrictionGate />
      <RealityCheck />
    </>
  );
}
