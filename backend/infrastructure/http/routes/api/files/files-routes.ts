import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { text } from '../../../../../application/contracts/text';
import { messageOf } from '../../../../../application/errors/messages';
import { contentTypeOfKey, fileContentTypes } from '../../../../../application/ports/file-store';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { apiRoutes, type AppServices } from '../../../services';

const FileNotFound = () => new DomainError('file_not_found', 'not_found');

const fileParamsSchema = z.object({
  area: text({ max: 64, tooLong: 'File not found' }).meta({ description: 'The kind of file (profile-pictures)' }),
  name: text({ max: 80, tooLong: 'File not found' }).meta({ description: 'The file’s random name and extension (.jpg or .png)' }),
});
const binary = z.string().meta({ format: 'binary' });

/**
 * The stored headers of every file: its type comes from its key (never from the uploader) and
 * the browser is told not to guess another (nosniff), to run nothing in it (a CSP allowing
 * nothing, should it be opened as a document) and to show it rather than save it. A key is
 * never reused (a new picture gets a new key), so a file may be cached for good.
 */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
  'content-disposition': 'inline',
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

/**
 * GET /api/files/<area>/<name>.<jpg|png>: the uploaded files (profile pictures), public like an
 * avatar on any site: keys are random and unguessable, and only pictures the server re-encoded
 * are ever stored. The key (`area/name`, `FILE_KEY_PATTERN`) is two path segments, so the
 * OpenAPI document names both; any other path under /api/files/, a key of another shape, or
 * one with no file is a 404 "File not found".
 */
export function filesRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { files } = services;

  const folder: FastifyPluginAsyncZod = async (app) => {
    app.setNotFoundHandler((_request, reply) => {
      reply.status(404).send({ message: messageOf(FileNotFound()), code: 'file_not_found' });
    });

    app.get(
      '/:area/:name',
      {
        schema: {
          operationId: 'getFile',
          tags: ['files'],
          summary: 'An uploaded file (a profile picture), by its key',
          description: 'The key is the path after /api/files/ (as in the profilePicture of a profile). Unknown or malformed key: 404 "File not found".',
          params: fileParamsSchema,
          response: {
            200: {
              description: 'The file, with the content type of its key',
              content: Object.fromEntries(Object.values(fileContentTypes).map((type) => [type, { schema: binary }])),
            },
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const key = `${request.params.area}/${request.params.name}`;
        const file = contentTypeOfKey(key) ? await files.get(key) : null;
        if (!file) throw FileNotFound();
        // The bytes as stored: fastify sends a Buffer untouched (the schema above only documents it).
        return reply.headers(FILE_HEADERS).type(file.contentType).send(file.bytes as unknown as string);
      },
    );
  };

  // Its own prefix, so the not-found handler answers for /api/files/… only.
  return async (app) => {
    await app.register(folder, { prefix: '/files' });
  };
}

export default apiRoutes(filesRoutes);
