import { cardWaitBodySchema } from '@app/contract/protection';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { operatorSettingRoutes } from '../../plugins/setting-routes';
import { cardWaitSetting } from '../settings/service';

/** The operator's setting of account security: how long a newly bound card waits before a withdrawal. */
export async function securitySettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  operatorSettingRoutes(app, ctx, {
    url: '/admin/api/settings/card-wait',
    setting: cardWaitSetting,
    body: cardWaitBodySchema,
    tags: ['admin: security'],
    read: { permission: 'withdrawals.view', summary: '新绑定收款账户的取款等待时长（小时）' },
    write: { permission: 'settings.site', summary: '修改新绑定收款账户的取款等待时长（小时，0为立即可用）' },
  });
}
