import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app. Any GET outside /api that is not a file gets index.html, so
 * the client router can show the route (or its own 404 page).
 */
export async function registerFrontend(app: FastifyInstance, dir: string | undefined) {
  const index = dir ? path.join(dir, 'index.html') : undefined;
  if (dir && index && existsSync(index)) {
    await app.register(fastifyStatic, { root: dir, wildcard: false, index: false, maxAge: 0 });
    app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
      // Hashed file names: cache for a year.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(request.url.slice(1).split('?')[0]);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0];
    if (pathOnly.startsWith('/api/') || pathOnly === '/api' || request.method !== 'GET' || !index || !existsSync(index)) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathOnly}`, code: 'not_found' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
