/**
 * `npm run ops -- <command>`: operator scripts against the running server (the embedded database
 * admits one process). Review commands act as an operator, through that operator's API key
 * (OPS_API_KEY, made on the console's 账号安全 page), within that operator's permissions, each
 * action in the audit log. `create-operator` is the bootstrap: it uses ADMIN_TOKEN (or the token a
 * development server keeps in DATA_DIR) and can do nothing else. `restore-drill` works on the
 * database host, with pgBackRest (backups/restore-drill.ts), not through the server.
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { NewOperator } from '@app/contract/admin/operators';
import { type OperatorRole, ROLE_LABEL, ROLES } from '@app/contract/admin/roles';
import { centsToAmount, formatMoney } from '@app/contract/money';
import { generate } from 'otplib';
import { restoreDrill } from '../backups/restore-drill';
import { loadConfig } from '../config';
import { localTokenFile } from '../modules/admin/local-token';

const ROLE_NAMES = ROLES.map((r) => `${r}（${ROLE_LABEL[r]}）`).join('、');

const USAGE = `用法: npm run ops -- <命令>
  create-operator <账号> --role <角色> [--name <姓名>]
                               创建操作员（启动令牌），打印一次性密码和两步验证密钥
                               角色: ${ROLE_NAMES}
  totp <密钥>                  打印两步验证密钥当前的6位动态验证码
  deposits [状态]              充值订单（默认 1 待审核；2 已通过，3 已拒绝）
  withdrawals [状态]           取款订单
  approve-deposit <订单号>     通过充值：入账中心钱包（重复执行不会重复入账）
  reject-deposit <订单号> [备注]
  approve-withdrawal <订单号>  通过取款：待出款转为已出款（超过双人复核金额时为初审，需另一名操作员复核）
  reject-withdrawal <订单号> [备注]  拒绝取款：退回中心钱包
  restore-drill [--target-time <ISO 时间>] [--stanza platform] [--config <pgbackrest.conf>]
                [--database <库名>] [--keep]
                               恢复演练：把 pgBackRest 最新备份恢复到一个新的 PostgreSQL 实例（到指定时间或归档末尾），
                               核对账本，打印恢复点和用时，然后删除实例（--keep 保留以便查看）；账本有误时退出码为 1
环境变量: OPS_URL（默认 http://127.0.0.1:PORT）；OPS_API_KEY（操作员的 API 密钥，在后台「账号安全」创建）；
          ADMIN_TOKEN（仅 create-operator，默认读取 DATA_DIR/admin-token）`;

const config = loadConfig();
const base = (process.env.OPS_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');

async function bootstrapToken(): Promise<string> {
  if (config.adminToken) return config.adminToken;
  const stored = await fs.readFile(localTokenFile(config.dataDir), 'utf8').catch(() => '');
  if (stored.trim() === '') throw new Error('ADMIN_TOKEN 未设置，且 DATA_DIR 中没有开发服务器的启动令牌');
  return stored.trim();
}

function apiKey(): string {
  const key = process.env.OPS_API_KEY;
  if (!key) throw new Error('请设置 OPS_API_KEY：登录后台，在「账号安全」中创建 API 密钥');
  return key;
}

async function call(method: 'GET' | 'POST', path: string, bearer: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; message: string; data?: unknown };
  if (answer.code !== 200) throw new Error(answer.message);
  return answer;
}

const [command, arg, ...rest] = process.argv.slice(2);

function option(name: string): string | undefined {
  const at = rest.indexOf(`--${name}`);
  return at >= 0 ? rest[at + 1] : undefined;
}

/** A role by its code or its Chinese name. */
function parseRole(value: string | undefined): OperatorRole {
  const role = ROLES.find((r) => r === value || ROLE_LABEL[r] === value);
  if (!role) throw new Error(`角色须为 ${ROLE_NAMES}\n\n${USAGE}`);
  return role;
}

async function createOperator() {
  if (!arg) throw new Error(`缺少账号\n\n${USAGE}`);
  const role = parseRole(option('role'));
  const answer = await call('POST', '/admin/api/bootstrap/operators', await bootstrapToken(), {
    username: arg,
    display_name: option('name') ?? arg,
    role,
  });
  const op = answer.data as NewOperator;
  console.log(`已创建操作员 ${op.username}（${ROLE_LABEL[op.role]}）
  后台地址:       ${base}/admin/
  一次性密码:     ${op.password}      （首次登录后须设置新密码）
  两步验证密钥:   ${op.totp_secret}
  otpauth URI:    ${op.otpauth_uri}
首次登录时在后台扫描二维码（或手动输入密钥）绑定身份验证器，并输入第一个动态验证码。以上信息只显示这一次。`);
}

async function printTotp() {
  if (!arg) throw new Error(`缺少密钥\n\n${USAGE}`);
  console.log(await generate({ secret: arg.replaceAll(' ', '').toUpperCase() }));
}

const decision = (what: string, how: string) => async () => {
  if (!arg) throw new Error(`缺少订单号\n\n${USAGE}`);
  const answer = await call('POST', `/admin/api/${what}/${how}`, apiKey(), {
    order_no: arg,
    note: rest.join(' '),
  });
  console.log(answer.message);
};
const list = (what: string) => async () => {
  const answer = await call('GET', `/admin/api/${what}?state=${arg ?? 1}`, apiKey());
  const rows = answer.data as Record<string, unknown>[];
  if (rows.length === 0) console.log('没有订单');
  else console.table(rows);
};

async function drill() {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      'target-time': { type: 'string' },
      stanza: { type: 'string', default: 'platform' },
      config: { type: 'string' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const target = values['target-time'];
  const targetTime = target === undefined ? undefined : new Date(target);
  if (targetTime && Number.isNaN(targetTime.getTime())) {
    throw new Error(`--target-time 须为 ISO 8601 时间，如 2026-05-01T08:00:00Z\n\n${USAGE}`);
  }
  const database =
    values.database ?? (config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : 'platform');
  const result = await restoreDrill({
    stanza: values.stanza,
    config: values.config ?? process.env.PGBACKREST_CONFIG,
    database,
    targetTime,
    keep: values.keep,
    log: (line) => console.log(line),
  });
  const { report } = result;
  console.log(
    `恢复点: ${result.recoveryPoint?.toISOString() ?? '无（备份之后没有重放任何事务）'}${
      targetTime ? `（目标时间 ${targetTime.toISOString()}）` : '（归档末尾）'
    }`,
  );
  console.log(
    `账本: ${report.accounts} 个账户, ${report.transfers} 笔转账, 合计 ${formatMoney(centsToAmount(report.total))}`,
  );
  for (const v of report.violations) console.error(`VIOLATION ${v}`);
  console.log(report.violations.length === 0 ? '账本核对通过' : `账本有误: ${report.violations.length} 处`);
  console.log(`用时: ${(result.durationMs / 1_000).toFixed(1)} 秒`);
  if (result.kept) console.log(`实例保留: ${result.kept.url}\n停止并删除: ${result.kept.stop}`);
  if (report.violations.length > 0) process.exitCode = 1;
}

const COMMANDS: Record<string, () => Promise<void>> = {
  'create-operator': createOperator,
  totp: printTotp,
  deposits: list('deposits'),
  withdrawals: list('withdrawals'),
  'approve-deposit': decision('deposits', 'approve'),
  'reject-deposit': decision('deposits', 'reject'),
  'approve-withdrawal': decision('withdrawals', 'approve'),
  'reject-withdrawal': decision('withdrawals', 'reject'),
  'restore-drill': drill,
};

const run = command ? COMMANDS[command] : undefined;
if (!run) {
  console.log(USAGE);
  process.exit(command && command !== 'help' ? 1 : 0);
}
try {
  await run();
} catch (error) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  console.error(
    cause?.code === 'ECONNREFUSED'
      ? `连接不到服务器 ${base}：请先 npm start`
      : `${(error as Error).message}${cause?.message ? `\n${cause.message}` : ''}`,
  );
  process.exit(1);
}
