/**
 * The server's tests that start processes, restart or kill PostgreSQL, or bound how long something
 * takes. They run after the rest, one file at a time (the project's `maxWorkers: 1`), so that no other
 * test competes with them for the two cores a CI machine has; the rest run two files at a time.
 */
export const serialTests = [
  'test/database-restart.test.ts',
  'test/job-failover.test.ts',
  'test/jobs.test.ts',
  'test/nodes.test.ts',
  'test/order-no.test.ts',
  'test/overload.test.ts',
  'test/production-safety.test.ts',
  'test/release.test.ts',
  'test/restore-drill.test.ts',
  'test/session-bus.test.ts',
];
