import type { Permission, RouteAccess } from '@app/contract/admin/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { ok } from '../lib/envelope';
import { replies } from '../lib/schemas';
import { audited } from '../modules/audit/service';
import type { SettingDefinition } from '../modules/settings/service';
import { readSetting, replaceSetting } from '../modules/settings/service';
import { operatorOf } from './operator-access';

/** One operator setting in the console: who reads it, who changes it, and what the calls say. */
export interface OperatorSetting<T extends object> {
  url: string;
  setting: SettingDefinition<T>;
  /** The new value with the operator's reason for the change. */
  body: z.ZodType<T & { reason: string }>;
  tags: string[];
  read: { permission: RouteAccess; summary: string };
  /** The permission to change it is also the audit row's action. */
  write: { permission: Permission; summary: string };
}

/**
 * A setting's two back-office routes at one address: GET answers its value, POST replaces it with
 * its audit row (before, after, the reason) in the same transaction and answers the new value.
 */
export function operatorSettingRoutes<T extends object>(
  app: FastifyInstance,
  ctx: AppContext,
  { url, setting, body, tags, read, write }: OperatorSetting<T>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = replies(setting.schema);
  r.get(
    url,
    { config: { permission: read.permission }, schema: { tags, summary: read.summary, response } },
    async () => ok(await readSetting(ctx.db, setting)),
  );
  r.post(
    url,
    { config: { permission: write.permission }, schema: { tags, summary: write.summary, body, response } },
    async (request) => {
      // The body schema has checked it; the type provider cannot infer a generic schema's type.
      const { reason, ...next } = request.body as T & { reason: string };
      const value = next as T;
      await audited(
        ctx,
        operatorOf(request).actor,
        { action: write.permission, targetType: 'setting', targetId: setting.key, reason },
        (tx) => replaceSetting(tx, setting, value),
      );
      return ok(value);
    },
  );
}
