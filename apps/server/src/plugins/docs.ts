import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CONTENT_SECURITY_POLICY } from './security';

/** OpenAPI generated from the route schemas: `/api/openapi.json`, readable at `/api/docs`. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '星云娱乐 API',
        description:
          'Player API of the platform. Every response is `{ code, message, data? }`; code 200 is success and the HTTP status mirrors it. Send `Authorization: Bearer <api_token>` on calls that need a login.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page runs under the same policy as the app.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: CONTENT_SECURITY_POLICY,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
