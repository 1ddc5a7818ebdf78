import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE, type Audience } from './session-cookie';

/** The document's name for the session cookie (components.securitySchemes). */
export const SESSION_SCHEME = 'cookieAuth';

type Security = Record<string, string[]>[];
export const SESSION_REQUIRED: Security = [{ [SESSION_SCHEME]: [] }];
export const SESSION_OPTIONAL: Security = [{}, { [SESSION_SCHEME]: [] }];

/**
 * The document's `security` of the operations of a folder with this audience: members or staff
 * only need the session cookie; visitors and members (a trial) may send it; everyone, none. A
 * route may declare its own (GET /api/auth/me needs the cookie although everyone may call it).
 */
export function securityOf(allowed: readonly Audience[]): Security {
  if (!allowed.includes('visitor')) return SESSION_REQUIRED;
  const everyone = (['free', 'pro', 'moderator', 'admin'] as const).every((role) => allowed.includes(role));
  return everyone ? [] : SESSION_OPTIONAL;
}

/** Sets the folder's `security` on each of its routes' schemas that declares none (sessions.ts `audience`). */
export function documentAudience(allowed: readonly Audience[]) {
  const security = securityOf(allowed);
  return (route: RouteOptions) => {
    if (!route.schema) return;
    const schema = route.schema as { security?: Security };
    schema.security ??= security;
  };
}

/**
 * Every operation of the API is named once: an /api route without `schema.operationId` (and not
 * hidden from the document) stops the app at start-up, in every environment.
 */
function requireOperationIds(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = route.schema as { operationId?: string; hide?: boolean } | undefined;
    if (schema?.hide || schema?.operationId) return;
    throw new Error(`${[route.method].flat().join(',')} ${route.url} has no schema.operationId: name every API operation once (docs/architecture.md)`);
  });
}

/**
 * The OpenAPI document is generated from the routes' own zod schemas; browsable at /api/docs in
 * development and test. Production does not serve it (README, "API documentation"): the app is
 * its only client, and the document would hand anyone a map of every route, admin ones included.
 */
export async function registerOpenApi(app: FastifyInstance, { production }: { production: boolean }) {
  requireOperationIds(app);
  if (production) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Skilly API', version: '0.1.0', description: 'Skills into income ideas and action plans.' },
      // The API is served by the app itself, at the address the document is read from.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
