/** Every time rule reads the clock from here, so that tests can set it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that runs at real speed from an instant tests choose (TEST_CLOCK=1; refused in
 * production): browser tests set it through the operator API to reach a red-packet window.
 */
export class SettableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}
