/**
 * `npm run ops -- <command>`: the operator's review of deposits and withdrawals, until the operator
 * console exists. It talks to the running server's operator API (the embedded database admits one
 * process), with ADMIN_TOKEN or the token a development server keeps in DATA_DIR.
 */
import fs from 'node:fs/promises';
import { loadConfig } from '../config';
import { localTokenFile } from '../modules/admin/local-token';

const USAGE = `用法: npm run ops -- <命令>
  deposits [状态]              充值订单（默认 1 待审核；2 已通过，3 已拒绝）
  withdrawals [状态]           取款订单
  approve-deposit <订单号>     通过充值：入账中心钱包（重复执行不会重复入账）
  reject-deposit <订单号> [备注]
  approve-withdrawal <订单号>  通过取款：待出款转为已出款
  reject-withdrawal <订单号> [备注]  拒绝取款：退回中心钱包
环境变量: OPS_URL（默认 http://127.0.0.1:PORT），ADMIN_TOKEN（默认读取 DATA_DIR/admin-token）`;

const config = loadConfig();
const base = (process.env.OPS_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');

async function token(): Promise<string> {
  if (config.adminToken) return config.adminToken;
  const stored = await fs.readFile(localTokenFile(config.dataDir), 'utf8').catch(() => '');
  if (stored.trim() === '') throw new Error('ADMIN_TOKEN 未设置，且 DATA_DIR 中没有开发服务器的运营令牌');
  return stored.trim();
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await token()}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; message: string; data?: unknown };
  if (answer.code !== 200) throw new Error(answer.message);
  return answer;
}

const [command, arg, ...rest] = process.argv.slice(2);
const decision = (what: string, how: string) => async () => {
  if (!arg) throw new Error(`缺少订单号\n\n${USAGE}`);
  const answer = await call('POST', `/admin/api/${what}/${how}`, { order_no: arg, note: rest.join(' ') });
  console.log(answer.message);
};
const list = (what: string) => async () => {
  const answer = await call('GET', `/admin/api/${what}?state=${arg ?? 1}`);
  const rows = answer.data as Record<string, unknown>[];
  if (rows.length === 0) console.log('没有订单');
  else console.table(rows);
};

const COMMANDS: Record<string, () => Promise<void>> = {
  deposits: list('deposits'),
  withdrawals: list('withdrawals'),
  'approve-deposit': decision('deposits', 'approve'),
  'reject-deposit': decision('deposits', 'reject'),
  'approve-withdrawal': decision('withdrawals', 'approve'),
  'reject-withdrawal': decision('withdrawals', 'reject'),
};

const run = command ? COMMANDS[command] : undefined;
if (!run) {
  console.log(USAGE);
  process.exit(command && command !== 'help' ? 1 : 0);
}
try {
  await run();
} catch (error) {
  const cause = (error as { cause?: { code?: string } }).cause;
  console.error(
    cause?.code === 'ECONNREFUSED' ? `连接不到服务器 ${base}：请先 npm start` : (error as Error).message,
  );
  process.exit(1);
}
