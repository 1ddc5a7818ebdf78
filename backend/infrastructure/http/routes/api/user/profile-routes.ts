import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureTooLarge,
  profileSchema,
  updateProfileRequestSchema,
  uploadProfilePictureResponseSchema,
} from '../../../../../application/contracts/account';
import { errorResponseSchema, messageResponseSchema } from '../../../../../application/contracts/auth';
import { PictureRequired } from '../../../../../application/identity/profile-service';
import { pictureLimitsDescription } from '../../../../../application/pictures/picture-uploads';
import { fileUploadRoute } from '../../../multipart-upload';
import { memberOf, setSessionCookie } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The signed-in person's own profile, picture and password (member-product §2 Profile
 * settings, §5, §7). The folder's audience (every signed-in role) is checked before any body is
 * read. Each change is an event on the member's stream, by the member, and each answer waits for
 * the read models, so the next read shows it.
 */
export function profileRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { profile, identity, progress } = services;
  const production = services.config.NODE_ENV === 'production';

  return async (app) => {
    app.get(
      '/user/profile',
      {
        schema: {
          operationId: 'getProfile',
          tags: ['profile'],
          summary: 'The signed-in account’s profile',
          response: { 200: profileSchema, ...refusals, 404: errorResponseSchema },
        },
      },
      async (request) => profile.get(memberOf(request)),
    );

    app.patch(
      '/user/profile',
      {
        schema: {
          operationId: 'updateProfile',
          tags: ['profile'],
          summary: 'Save the profile form',
          description:
            'Names, email (unique: 409 "An account with this email already exists" when another account has it, and nothing changes), ' +
            'country (one of the fixed list, or null or "" for none) and picture (only the current one, or null or "" to remove it: ' +
            'a picture is changed by uploading it). Answers the saved profile. After an email change the account signs in with the ' +
            'new address only, and the old one is free for another account.',
          body: updateProfileRequestSchema,
          response: { 200: profileSchema, 202: errorResponseSchema, 400: errorResponseSchema, ...refusals, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const { position } = await profile.update(member, request.body, { actor: member, requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return profile.get(member);
      },
    );

    app.post(
      '/user/change-password',
      {
        schema: {
          operationId: 'changePassword',
          tags: ['profile'],
          summary: 'Change the password, giving the current one',
          description:
            'A wrong current password answers 400 (code invalid_current_password) and counts as a failed sign-in (429 once throttled). ' +
            'Every other session of the account ends, as do password reset links still out; the caller gets a fresh session cookie. ' +
            'An account with a Google sign-in has no password to change (400).',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, 202: errorResponseSchema, 400: errorResponseSchema, ...refusals, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const position = await identity.changePassword(member, { ...request.body, ip: request.ip }, { actor: member, requestId: request.id });
        // The new password ended every session opened before it, this one included.
        if (!(await awaitProjections(progress, position, reply))) return reply;
        const { token } = await identity.startSession(member.userId);
        setSessionCookie(reply, token, production);
        return { message: 'Password changed successfully' };
      },
    );

    await fileUploadRoute(app, {
      url: '/user/upload-profile-picture',
      field: PROFILE_PICTURE_FIELD,
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      tooLarge: { message: profilePictureTooLarge.message, code: 'picture_too_large' },
      file: {
        description: 'A JPEG or PNG image of at most 5 MB (its content decides, not its name or type)',
        requiredMessage: 'Please choose a picture to upload',
      },
      missing: PictureRequired,
      schema: {
        operationId: 'uploadProfilePicture',
        tags: ['profile'],
        summary: 'Upload a new profile picture',
        description:
          `multipart/form-data with the file in the field "${PROFILE_PICTURE_FIELD}". At most 5 MB (413 "${profilePictureTooLarge.message}"); ` +
          'a JPEG or PNG image by its content, whatever its name or declared type (400 "Please upload a JPEG or PNG image"). ' +
          'The picture is re-encoded (turned upright, fitted inside 512×512, every metadata dropped), stored, and the previous one deleted. ' +
          'Answers its URL (GET /api/files/…). ' +
          pictureLimitsDescription,
        response: {
          200: uploadProfilePictureResponseSchema,
          202: errorResponseSchema,
          400: errorResponseSchema,
          ...refusals,
          404: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      handle: async (request, reply, bytes) => {
        const member = memberOf(request);
        const { profilePicture, position } = await profile.uploadPicture(member, bytes, { actor: member, requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { profilePicture };
      },
    });
  };
}

export default apiRoutes(profileRoutes);
