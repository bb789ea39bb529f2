import rootManifest from '../../../package.json' with { type: 'json' };

/**
 * The Node the server was built for: the repository's `engines.node` (the registry's `node` package
 * it installs). The compiled server carries it inline (esbuild inlines the JSON), so a release knows
 * it without the repository.
 */
export const BUILT_FOR_NODE = rootManifest.engines.node;

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/** Whether `running` is older than `required` (both `major.minor.patch`). */
export function olderThan(running: string, required: string): boolean {
  const [a, b] = [parts(running), parts(required)];
  for (let i = 0; i < 3; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/** The refusal an operator reads when the server is started on an older Node (English, then Chinese). */
export function oldNodeMessage(running: string, required: string, executable: string): string {
  return [
    `This server was built for Node ${required} and refuses to start on Node ${running} (${executable}).`,
    `Start it with Node ${required} or newer: a release's own bin/start runs the Node it carries.`,
    `本服务按 Node ${required} 构建，拒绝在 Node ${running}（${executable}）上启动。`,
    `请使用 Node ${required} 或更高版本启动：发布包自带的 bin/start 会使用包内的 Node。`,
  ].join('\n');
}

/** Exits 1 with the message when the running Node is older than the one the server was built for. */
export function refuseOldNode(): void {
  if (!olderThan(process.versions.node, BUILT_FOR_NODE)) return;
  console.error(oldNodeMessage(process.versions.node, BUILT_FOR_NODE, process.execPath));
  process.exit(1);
}
