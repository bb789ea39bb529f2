-- The daily jobs run on pg-boss now (apps/server/src/jobs/runner.ts): a day is queued once under an id of
-- its job and day, and pg-boss keeps the record. The 7 closed days are queued again after this
-- migration; both jobs are keyed per player and day, so that adds only what is still owed.
DROP TABLE "daily_job_runs" CASCADE;