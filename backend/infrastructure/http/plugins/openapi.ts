import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' own zod schemas; browsable at /api/docs in
 * development and test. Production does not serve it (README, "API documentation"): the app is
 * its only client, and the document would hand anyone a map of every route, admin ones included.
 */
export async function registerOpenApi(app: FastifyInstance, { production }: { production: boolean }) {
  if (production) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Skilly API', version: '0.1.0', description: 'Skills into income ideas and action plans.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'skilly_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
