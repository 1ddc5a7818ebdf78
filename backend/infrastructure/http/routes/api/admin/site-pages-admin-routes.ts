import multipart from '@fastify/multipart';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  companyContentSchema,
  FOUNDER_IMAGE_FIELD,
  FOUNDER_IMAGE_MAX_BYTES,
  founderImageTooLarge,
  saveCompanyContentRequestSchema,
  uploadFounderImageResponseSchema,
} from '../../../../../application/contracts/company-content';
import {
  contactContentSchema,
  contactMessagesQuerySchema,
  contactMessagesResponseSchema,
  saveContactContentRequestSchema,
} from '../../../../../application/contracts/contact';
import { saveCompanyContent } from '../../../../../application/content/company-content';
import { saveContactContent } from '../../../../../application/content/contact-content';
import { FounderImageRequired } from '../../../../../application/content/founder-images';
import { memberOf } from '../../../plugins/sessions';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The multipart body of POST /api/admin/upload-founder-image, for the OpenAPI document (the handler reads the stream). */
const founderImageBodySchema = z
  .object({
    [FOUNDER_IMAGE_FIELD]: z
      .string({ error: 'Please choose an image to upload' })
      .meta({ format: 'binary', description: 'A JPEG or PNG image of at most 5 MB (its content decides, not its name or type)' }),
  })
  .optional();

/**
 * Admins edit the company and contact pages in place (back-office §2, §7): whole-content saves,
 * founder pictures, and the contact messages visitors sent. The folder admits admins only,
 * before any body is read.
 */
export function sitePagesAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  const db = services.database.db;
  const { clock, contactMessages, founderImages } = services;
  return async (app) => {
    app.put(
      '/admin/company-content',
      {
        schema: {
          operationId: 'saveCompanyContent',
          tags: ['content', 'admin'],
          summary: 'Replace the company page texts (admin)',
          description: 'The subtitle keeps only the editor’s formatting (bold, colour, decorative underline); other texts lose any markup.',
          body: saveCompanyContentRequestSchema,
          response: { 200: companyContentSchema, ...refusals },
        },
      },
      async (request) => saveCompanyContent(db, request.body.content, { userId: memberOf(request).userId, now: clock.now() }),
    );

    app.put(
      '/admin/contact-content',
      {
        schema: {
          operationId: 'saveContactContent',
          tags: ['content', 'admin'],
          summary: 'Replace the contact page texts (admin)',
          description: 'Every text is plain: any markup is removed.',
          body: saveContactContentRequestSchema,
          response: { 200: contactContentSchema, ...refusals },
        },
      },
      async (request) => saveContactContent(db, request.body.content, { userId: memberOf(request).userId, now: clock.now() }),
    );

    app.get(
      '/admin/contact-messages',
      {
        schema: {
          operationId: 'listContactMessages',
          tags: ['content', 'admin'],
          summary: 'Messages sent from the contact page, newest first (admin)',
          querystring: contactMessagesQuerySchema,
          response: { 200: contactMessagesResponseSchema, ...refusals },
        },
      },
      async (request) => contactMessages.list(request.query.page),
    );

    // Multipart is parsed in this scope only: no other route of the API takes it.
    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: FOUNDER_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
      });
      const { RequestFileTooLargeError } = uploads.multipartErrors;

      uploads.post(
        '/admin/upload-founder-image',
        {
          schema: {
            operationId: 'uploadFounderImage',
            tags: ['content', 'admin'],
            summary: 'Upload a founder picture for the company page (admin)',
            description:
              `multipart/form-data with the file in the field "${FOUNDER_IMAGE_FIELD}". At most 5 MB (413 "${founderImageTooLarge}"); ` +
              'a JPEG or PNG image by its content (400 "Please upload a JPEG or PNG image"). Re-encoded (fitted inside 800×800, ' +
              'metadata dropped) and stored; answers its URL, which the page names once saved.',
            consumes: ['multipart/form-data'],
            body: founderImageBodySchema,
            response: { 200: uploadFounderImageResponseSchema, ...refusals, 413: errorResponseSchema },
          },
          // The multipart parser leaves no body, which fastify validates as null: the handler reads the stream.
          validatorCompiler: (route) => {
            const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
            return route.httpPart === 'body' ? (data: unknown) => (data === null ? { value: undefined } : validate(data)) : validate;
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) throw FounderImageRequired();
          let bytes: Buffer;
          try {
            const part = await request.file();
            if (!part) throw FounderImageRequired();
            // Read to the end (at most the size limit) whatever it is, so the answer never cuts an upload short.
            bytes = await part.toBuffer();
            if (part.fieldname !== FOUNDER_IMAGE_FIELD) throw FounderImageRequired();
          } catch (error) {
            if (error instanceof RequestFileTooLargeError) {
              return reply.status(413).send({ message: founderImageTooLarge, code: 'founder_image_too_large' });
            }
            if ((error as { code?: string }).code !== 'founder_image_required') request.log.info({ err: error }, 'unreadable founder image upload');
            throw FounderImageRequired();
          }
          return founderImages.upload(bytes);
        },
      );
    });
  };
}

export default apiRoutes(sitePagesAdminRoutes);
