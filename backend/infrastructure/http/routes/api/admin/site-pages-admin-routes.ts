import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { onlyImagesMessage } from '../../../../../application/contracts/blog';
import {
  companyContentResponseSchema,
  FOUNDER_IMAGE_FIELD,
  FOUNDER_IMAGE_MAX_BYTES,
  founderImageTooLarge,
  saveCompanyContentRequestSchema,
  uploadFounderImageResponseSchema,
} from '../../../../../application/contracts/company-content';
import {
  contactContentResponseSchema,
  contactMessagesQuerySchema,
  contactMessagesResponseSchema,
  saveContactContentRequestSchema,
} from '../../../../../application/contracts/contact';
import { AdminImageRequired } from '../../../../../application/content/admin-images';
import { pictureLimitsDescription } from '../../../../../application/pictures/picture-uploads';
import { saveCompanyContent } from '../../../../../application/content/company-content';
import { saveContactContent } from '../../../../../application/content/contact-content';
import { fileUploadRoute } from '../../../multipart-upload';
import { memberOf } from '../../../plugins/sessions';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Admins edit the company and contact pages in place (back-office §2, §7): whole-content saves,
 * founder pictures, and the contact messages visitors sent. The folder admits admins only,
 * before any body is read.
 */
export function sitePagesAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  const db = services.database.db;
  const { clock, contactMessages, adminImages } = services;
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
          response: { 200: companyContentResponseSchema, ...refusals },
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
          response: { 200: contactContentResponseSchema, ...refusals },
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

    await fileUploadRoute(app, {
      url: '/admin/upload-founder-image',
      field: FOUNDER_IMAGE_FIELD,
      maxBytes: FOUNDER_IMAGE_MAX_BYTES,
      tooLarge: { message: founderImageTooLarge, code: 'founder_image_too_large' },
      file: {
        description: 'A JPEG, PNG, WebP or GIF image of at most 5 MB (its content decides, not its name or type)',
        requiredMessage: 'Please choose an image to upload',
      },
      missing: AdminImageRequired,
      schema: {
        operationId: 'uploadFounderImage',
        tags: ['content', 'admin'],
        summary: 'Upload a founder picture for the company page (admin)',
        description:
          `multipart/form-data with the file in the field "${FOUNDER_IMAGE_FIELD}". At most 5 MB (413 "${founderImageTooLarge}"); ` +
          `a JPEG, PNG, WebP or GIF image by its content (400 "${onlyImagesMessage}"). Re-encoded (fitted inside 1600×1600, ` +
          'metadata dropped) and stored; answers its URL, which the page names once saved. ' +
          pictureLimitsDescription,
        response: { 200: uploadFounderImageResponseSchema, ...refusals, 413: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
      handle: async (request, _reply, bytes) => ({ imageUrl: (await adminImages.upload(memberOf(request), 'founder-images', bytes)).url }),
    });
  };
}

export default apiRoutes(sitePagesAdminRoutes);
