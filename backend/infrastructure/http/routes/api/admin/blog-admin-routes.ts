import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '../../../../../application/contracts/auth';
import { ADMIN_ACTION_HEADER } from '../../../../../application/contracts/admin-actions';
import {
  BLOG_IMAGE_FIELD,
  BLOG_IMAGE_MAX_BYTES,
  blogPostIdParamsSchema,
  blogPostListSchema,
  blogPostSchema,
  createBlogPostRequestSchema,
  onlyImagesMessage,
  updateBlogPostRequestSchema,
  uploadBlogImageResponseSchema,
} from '../../../../../application/contracts/blog';
import { AdminImageRequired } from '../../../../../application/content/admin-images';
import { pictureLimitsDescription } from '../../../../../application/pictures/picture-uploads';
import { fileUploadRoute } from '../../../multipart-upload';
import { memberOf } from '../../../plugins/sessions';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The admin Blog tab (back-office §2, §5, §7): posts, and the image upload it shares with the
 * other admin tabs that take images (platform logos). The folder's audience (admin) runs first.
 */
export function blogAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { blog, adminImages } = services;
  return async (app) => {
    app.get(
      '/admin/blog-posts',
      {
        schema: {
          operationId: 'listAdminBlogPosts',
          tags: ['blog', 'admin'],
          summary: 'Every blog post, drafts and scheduled ones included, newest first (admin)',
          response: { 200: blogPostListSchema, ...refusals },
        },
      },
      async () => blog.listAll(),
    );

    app.post(
      '/admin/blog-posts',
      {
        schema: {
          operationId: 'createBlogPost',
          tags: ['blog', 'admin'],
          summary: 'Write a blog post (admin)',
          description:
            'Title and content are required. The slug is derived from the title when absent, normalised (lowercase, hyphens) when given, ' +
            'and made unique with -2, -3, … when another post has it. The category is uppercased; the HTML is sanitised. ' +
            'A scheduled post needs a publish date; a published one without a date is published now.',
          body: createBlogPostRequestSchema,
          response: { 201: blogPostSchema, 400: errorResponseSchema, ...refusals },
        },
      },
      async (request, reply) => reply.status(201).send(await blog.create({ userId: request.user!.id }, request.body)),
    );

    app.patch(
      '/admin/blog-posts/:id',
      {
        schema: {
          operationId: 'updateBlogPost',
          tags: ['blog', 'admin'],
          summary: 'Change a blog post (admin)',
          description: 'The fields sent change, by the same rules as writing one; a blank slug is derived from the title again.',
          params: blogPostIdParamsSchema,
          body: updateBlogPostRequestSchema,
          response: { 200: blogPostSchema, 400: errorResponseSchema, ...refusals, 404: errorResponseSchema },
        },
      },
      async (request) => blog.update(request.params.id, request.body),
    );

    app.delete(
      '/admin/blog-posts/:id',
      {
        schema: {
          operationId: 'deleteBlogPost',
          tags: ['blog', 'admin'],
          summary: 'Delete a blog post (admin)',
          description: `The deletion can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: blogPostIdParamsSchema,
          response: { 200: messageResponseSchema, ...refusals, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const admin = memberOf(request);
        const { actionId } = await services.adminActions.deleteBlogPost(admin, request.params.id, { actor: admin, requestId: request.id });
        reply.header(ADMIN_ACTION_HEADER, actionId);
        return { message: 'Blog post deleted' };
      },
    );

    await fileUploadRoute(app, {
      url: '/admin/blog-images/upload',
      field: BLOG_IMAGE_FIELD,
      maxBytes: BLOG_IMAGE_MAX_BYTES,
      tooLarge: { message: 'The image is too large (at most 5 MB)', code: 'image_too_large' },
      file: {
        description: 'A JPEG, PNG, WebP or GIF image of at most 5 MB (its content decides, not its name or type)',
        requiredMessage: 'Please choose an image to upload',
      },
      missing: AdminImageRequired,
      schema: {
        operationId: 'uploadBlogImage',
        tags: ['blog', 'admin'],
        summary: 'Upload an image for a blog post or another admin page (admin)',
        description:
          `multipart/form-data with the file in the field "${BLOG_IMAGE_FIELD}". At most 5 MB (413); a JPEG, PNG, WebP or GIF by its content ` +
          `(anything else: 400 "${onlyImagesMessage}"). The image is re-encoded without metadata, fitted inside 1600×1600, and stored; ` +
          'answers its URL (GET /api/files/…). ' +
          pictureLimitsDescription,
        response: { 200: uploadBlogImageResponseSchema, 400: errorResponseSchema, ...refusals, 413: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
      handle: async (request, _reply, bytes) => adminImages.upload(memberOf(request), 'blog-images', bytes),
    });
  };
}

export default apiRoutes(blogAdminRoutes);
