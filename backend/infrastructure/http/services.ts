import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Composition } from '../composition-root';

/** What the HTTP layer is given by the composition root: every service of every context. */
export type AppServices = Omit<Composition, 'close'>;

/** A route module under `routes/api/<area>/`: its default export, loaded by folder (see app.ts). */
export type ApiRoutes = FastifyPluginAsyncZod<{ services: AppServices }>;

/**
 * A route module's default export: `export default apiRoutes((services) => async (app) => { … })`.
 * Autoload registers it with the services (see app.ts).
 */
export function apiRoutes(define: (services: AppServices) => FastifyPluginAsyncZod): ApiRoutes {
  return (app, { services }) => define(services)(app, {});
}
