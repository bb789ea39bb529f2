-- The jobs run on pg-boss 10 now (its schema version 24; pg-boss 12 wants Node 22.12+). A `pgboss`
-- schema left by pg-boss 12 (version above 24) is one that 10 cannot read, so it is dropped and
-- pg-boss 10 creates its own at start. Only the jobs' records go with it: the interval jobs are
-- offered again at start, and the daily jobs queue the 7 closed days again, keyed per player and day,
-- so that adds only what is still owed (as after 0019).
DO $$
BEGIN
  IF to_regclass('pgboss.version') IS NOT NULL THEN
    IF (SELECT max(version) FROM pgboss.version) > 24 THEN
      DROP SCHEMA pgboss CASCADE;
    END IF;
  END IF;
END
$$;
