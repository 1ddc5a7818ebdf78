import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, and the CSRF defence for cookie-authenticated calls: the session cookie
 * is SameSite=Lax, and a state-changing request whose Origin (or Fetch Metadata) says it
 * comes from another site is refused before any handler runs.
 */
export async function registerSecurity(app: FastifyInstance, publicUrl: string) {
  const publicHost = new URL(publicUrl).host;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    // The site is the configured public address or the Host the browser connected to; a
    // client's X-Forwarded-Host is never believed.
    const host = request.headers.host;
    let crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (origin && origin !== 'null') {
      try {
        const originHost = new URL(origin).host;
        crossSite = originHost !== host && originHost !== publicHost;
      } catch {
        crossSite = true;
      }
    } else if (origin === 'null') {
      crossSite = true;
    }
    if (crossSite) {
      return reply.status(403).send({ message: 'This request came from another site and was refused.', code: 'cross_site_request' });
    }
  });
}
