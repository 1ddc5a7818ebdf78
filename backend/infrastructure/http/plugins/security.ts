import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What an API answer (JSON, never a page) carries of the headers: the ones a browser applies
 * to any response (no MIME sniffing, no cross-origin embedding of the data, HTTPS only, never
 * framed, the policy as a second line). The rest govern documents (opener isolation, agent
 * clusters, DNS prefetch, downloads, referrers, the legacy XSS filter) and go with the pages;
 * sending all twelve on every read cost a busy server a fifth of its throughput.
 */
const API_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]);

/**
 * Security headers, and the CSRF defence for cookie-authenticated calls: the session cookie
 * is SameSite=Lax, and a state-changing request whose Origin (or Fetch Metadata) says it
 * comes from another site is refused before any handler runs.
 */
export async function registerSecurity(app: FastifyInstance, publicUrl: string) {
  const publicHost = new URL(publicUrl).host;
  const headers = securityHeaders({
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
  const apiHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => API_HEADERS.has(name)));
  // One hook for both (each hook is a call on every request): the headers, then the CSRF check.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    if (SAFE_METHODS.has(request.method)) return done();
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
      // The pages' Referrer-Policy (no-referrer) makes a browser send `Origin: null` with a form
      // it posts itself, same-origin or not; Fetch Metadata, which no page can set, tells them apart.
      crossSite = request.headers['sec-fetch-site'] !== 'same-origin';
    }
    if (crossSite) {
      reply.status(403).send({ message: 'This request came from another site and was refused.', code: 'cross_site_request' });
      return;
    }
    done();
  });
}

/**
 * The headers helmet sets for these options, worked out once: none of them depends on the
 * request (no directive is a function), and helmet's middleware re-serialises the policy on
 * every request, which cost a busy server a twentieth of its reads.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
