import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DomainError } from '../../domain/shared/domain-error';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** One route taking one file as multipart/form-data (an admin image, a profile picture). */
export interface FileUploadRoute {
  url: string;
  /** The form field the file comes in; a file in any other field counts as no file. */
  field: string;
  /** Larger files are answered 413 `tooLarge`. */
  maxBytes: number;
  tooLarge: { message: string; code: string };
  /** The OpenAPI words for the file, and the message of the 400 when a JSON body has no such file. */
  file: { description: string; requiredMessage: string };
  /** Thrown (400) when the request carries no file in `field`, or is not readable multipart. */
  missing: () => DomainError;
  /** operationId, tags, summary, description and responses (the multipart body is added here). */
  schema: Omit<FastifySchema, 'body' | 'consumes'>;
  /** Answers the upload, given the whole file. */
  handle(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): Promise<unknown>;
}

/**
 * Registers a file upload route: multipart is parsed in a child scope of `app` holding this
 * route only (no other route of the API takes it), with small limits besides the file's size.
 * The file is read to the end whatever it is, so an answer never cuts an upload short; any body
 * without the file (not multipart, another field, broken multipart) is `missing()`.
 */
export async function fileUploadRoute(app: ZodApp, route: FileUploadRoute): Promise<void> {
  // For the OpenAPI document only: the handler reads the stream.
  const body = z
    .object({
      [route.field]: z.string({ error: route.file.requiredMessage }).meta({ format: 'binary', description: route.file.description }),
    })
    .optional();

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: route.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    });
    const { RequestFileTooLargeError } = uploads.multipartErrors;
    const missingCode = route.missing().code;

    uploads.post(
      route.url,
      {
        schema: { ...route.schema, consumes: ['multipart/form-data'], body },
        // The multipart parser leaves no body, which fastify validates as null: the handler reads the stream.
        validatorCompiler: (schemaRoute) => {
          const validate = validatorCompiler(schemaRoute as unknown as Parameters<typeof validatorCompiler>[0]);
          return schemaRoute.httpPart === 'body' ? (data: unknown) => (data === null ? { value: undefined } : validate(data)) : validate;
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw route.missing();
        let bytes: Buffer;
        try {
          const part = await request.file();
          if (!part) throw route.missing();
          // Read to the end (at most the size limit) whatever it is, so the answer never cuts an upload short.
          bytes = await part.toBuffer();
          if (part.fieldname !== route.field) throw route.missing();
        } catch (error) {
          if (error instanceof RequestFileTooLargeError) return reply.status(413).send(route.tooLarge);
          // A body that is not well-formed multipart (no boundary, cut short, too many parts) has no file in it.
          if ((error as { code?: string }).code !== missingCode) request.log.info({ err: error, url: route.url }, 'unreadable upload');
          throw route.missing();
        }
        return route.handle(request, reply, bytes);
      },
    );
  });
}
