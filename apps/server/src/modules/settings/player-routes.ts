import { appInfoSchema, urlDataSchema } from '@app/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schemas';
import { siteSetting } from './definitions';
import { readSetting } from './repository';

export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const site = () => readSetting(ctx.db, siteSetting);

  r.post(
    '/api/app',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: '站点信息', response: replies(appInfoSchema) },
    },
    async () => ok(appInfoSchema.parse(await site())),
  );

  r.get(
    '/api/getVisitUrl',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: '永久访问地址', response: replies(urlDataSchema) },
    },
    async (request) => {
      const configured = (await site()).visit_url;
      return ok({ url: configured || `${request.protocol}://${request.host}` });
    },
  );

  r.post(
    '/api/getservicerurl',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: '客服地址', response: replies(urlDataSchema) },
    },
    async () => ok({ url: (await site()).service_url }),
  );
}
