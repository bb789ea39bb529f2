import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { removeTemplates } from './run-templates';

/** Gives the run an id of its own; at its end, removes the databases prepared under it. */
export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('templateRun', run);
  return () => removeTemplates(run);
}
