import { UserNotFound, profileOf, userDecider, userStreams, type Account, type UpdateProfile, type UserState } from '../../domain/identity/user';
import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { Profile, UpdateProfileRequest } from '../contracts/account';
import { commandContext, type CommandContext, type RequestOrigin } from '../event-sourcing/command-context';
import { ConcurrentChange, foldStream, handleCommand } from '../event-sourcing/command-handler';
import type { AllPosition, EventStore } from '../ports/event-store';
import { contentTypeOfKey, type FileStore } from '../ports/file-store';
import type { PictureUploads } from '../pictures/picture-uploads';
import type { Clock, IdGenerator, Mailer } from '../ports/system';
import type { Database } from '../ports/database';
import type { Kysely } from 'kysely';
import { issueEmailLink } from './email-links';
import { emailClaims, sameAddress } from './email-claims';
import type { UserReads, UserRow } from './user-reads';

export interface ProfileDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  /** Where pictures are kept (`platform.files`). */
  files: FileStore;
  /** Uploaded pictures: rate, pixel budget and decoding (`pictures/picture-uploads.ts`). */
  pictures: PictureUploads;
  /** Accounts as the users read model holds them. */
  users: UserReads;
  log?: { warn(obj: object, msg: string): void };
  db: Kysely<Database>;
  mailer: Mailer;
  /** The site's public address (PUBLIC_URL): the restore link starts with it. */
  publicUrl: string;
}

/** A picture is set by uploading it: PATCH may keep the current one or remove it, never name another. */
export const PictureUploadRequired = () => new DomainError('picture_upload_required', 'invalid');
export const PictureRequired = () => new DomainError('picture_required', 'invalid');
export const NotAPicture = () => new DomainError('invalid_picture', 'invalid');

/** Stored pictures fit inside this square (pixels); smaller ones keep their size. */
export const PROFILE_PICTURE_MAX_SIDE = 512;
/** The FileStore folder of profile pictures (`profile-pictures/<id>.<jpg|png>`). */
export const PROFILE_PICTURES_AREA = 'profile-pictures';
/** Files are served at this path followed by their key (`GET /api/files/*`). */
export const FILES_URL_PREFIX = '/api/files/';

/** The FileStore key of a picture URL this product made, or null (none, or not one of ours). */
export function fileKeyOfUrl(url: string | null): string | null {
  if (!url?.startsWith(FILES_URL_PREFIX)) return null;
  const key = url.slice(FILES_URL_PREFIX.length);
  return contentTypeOfKey(key) ? key : null;
}

/** The profile fields of an account as the users read model holds it (GET /api/user/profile, the export). */
export function profileOfUser(user: UserRow): Profile {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    country: user.country,
    profilePicture: user.profile_picture,
    googleId: user.google_id,
  };
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/**
 * The member's own profile (member-product §2 Profile settings, §5, §7): read, update (the
 * email moves its unique claim with it), and the picture, uploaded, re-encoded and stored
 * through the FileStore. Every change is a `UpdateProfile` on the member's stream, by the member.
 */
export function createProfileService(deps: ProfileDeps) {
  const { eventStore, ids, clock, files, pictures, users } = deps;
  const log = deps.log ?? { warn: () => {} };
  const claims = emailClaims({ eventStore, ids });

  const accountOrNotFound = (state: UserState): Account => {
    if (state.status !== 'active' && state.status !== 'disabled') throw UserNotFound();
    return state;
  };

  /**
   * `UpdateProfile` with the data `change` makes of the account's current profile, decided on
   * the stream's latest state. Returns the account before, the profile asked for, and where
   * the event landed (null: the profile was already so, and nothing was written).
   */
  async function updateProfile(member: UserActor, context: CommandContext, change: (account: Account) => UpdateProfile['data']) {
    let decided: { before: Account; after: UpdateProfile['data'] } | undefined;
    const outcome = await handleCommand(
      { eventStore, ids },
      userDecider,
      userStreams.name(member.userId),
      (state) => {
        const before = accountOrNotFound(state);
        decided = { before, after: change(before) };
        return { type: 'UpdateProfile' as const, data: decided.after };
      },
      context,
    );
    return { ...decided!, position: outcome.position };
  }

  async function currentAccount(userId: string): Promise<Account> {
    return accountOrNotFound(foldStream(userDecider, await eventStore.readStream(userStreams.name(userId))));
  }

  /**
   * Tells the previous address of the change (issue 48), with a link that for 7 days puts it
   * back and ends every session (`IdentityService.restoreEmail`): a session alone must not be
   * enough to take the account away from the holder of its address.
   */
  async function noticeToPreviousAddress(userId: string, previousEmail: string) {
    const token = await issueEmailLink(deps.db, 'restore', userId, previousEmail, clock.now());
    const restoreLink = `${deps.publicUrl}/restore-email?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: previousEmail, recipientId: userId, template: 'email-changed', variables: { restoreLink, appUrl: deps.publicUrl } });
  }

  /** Asks the holder of the new address to confirm it: until then no email to it carries what anyone typed. */
  async function confirmationToNewAddress(userId: string, email: string) {
    const token = await issueEmailLink(deps.db, 'confirm', userId, email, clock.now());
    const confirmLink = `${deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: email, recipientId: userId, template: 'email-confirmation', variables: { confirmLink, appUrl: deps.publicUrl } });
  }

  /** Removes a picture file the profile no longer names; a failure leaves an orphan file, never a broken profile. */
  async function deletePicture(url: string | null) {
    const key = fileKeyOfUrl(url);
    if (!key) return;
    await files.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a replaced profile picture'));
  }

  return {
    async get(member: UserActor): Promise<Profile> {
      const user = await users.byId(member.userId);
      if (!user) throw UserNotFound();
      return profileOfUser(user);
    },

    /**
     * Saves the form. A new email is claimed first (`email_taken`, 409, and nothing changed when
     * another account has it), then the profile is updated, then the old address is released;
     * if the update fails the new claim is released again. A crash between these steps leaves a
     * claim its holder does not use, which a later claim takes over once it is old enough.
     * Country and picture left out stay as they are; '' or null clears them.
     */
    async update(member: UserActor, input: UpdateProfileRequest, origin: RequestOrigin): Promise<{ position: AllPosition | null }> {
      const context = commandContext(clock, { ...origin, actor: member }, 'profile');
      const email = input.email.trim();
      const country = blankToNull(input.country);
      const picture = blankToNull(input.profilePicture);
      const wanted = (account: Account): UpdateProfile['data'] => {
        if (picture && picture !== account.profilePicture) throw PictureUploadRequired();
        return {
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          country: country === undefined ? account.country : country,
          profilePicture: picture === undefined ? account.profilePicture : picture,
        };
      };

      const current = await currentAccount(member.userId);
      wanted(current); // refuses a named picture before any claim is made
      const newAddress = !sameAddress(current.email, email);
      const claimed = newAddress && (await claims.claim(email, member.userId, context));
      let updated;
      try {
        updated = await updateProfile(member, context, (account) => {
          // No claim was made because the address looked unchanged: another request of the member's moved it meanwhile.
          if (!newAddress && !sameAddress(account.email, email)) throw ConcurrentChange('user');
          return wanted(account);
        });
      } catch (error) {
        if (claimed) await claims.release(email, member.userId, context);
        throw error;
      }
      const { before, after, position } = updated;
      if (!sameAddress(before.email, email)) {
        await claims.release(before.email, member.userId, context).catch((error: unknown) =>
          // The claim stays with an address the member no longer uses: a later claim takes it over.
          log.warn({ err: error, userId: member.userId }, 'could not release the previous email address'),
        );
        await noticeToPreviousAddress(member.userId, before.email).catch((error: unknown) =>
          log.warn({ err: error, userId: member.userId }, 'could not queue the email change notice'),
        );
        await confirmationToNewAddress(member.userId, email).catch((error: unknown) =>
          log.warn({ err: error, userId: member.userId }, 'could not queue the confirmation of the new address'),
        );
      }
      if (before.profilePicture !== after.profilePicture) await deletePicture(before.profilePicture);
      return { position };
    },

    /**
     * A new picture: re-encoded (`invalid_picture` when the bytes are not a JPEG or PNG image;
     * refused over the member's upload rate, the pixel budget, or when the decoders are busy),
     * stored under a new key, recorded on the profile, and the previous picture's file deleted.
     */
    async uploadPicture(member: UserActor, bytes: Buffer, origin: RequestOrigin): Promise<{ profilePicture: string; position: AllPosition | null }> {
      if (bytes.length === 0) throw PictureRequired();
      const encoded = await pictures.encode(member.userId, bytes, { maxSide: PROFILE_PICTURE_MAX_SIDE });
      if (!encoded) throw NotAPicture();
      const key = `${PROFILE_PICTURES_AREA}/${ids.next().replaceAll('-', '')}.${encoded.extension}`;
      const profilePicture = `${FILES_URL_PREFIX}${key}`;
      await files.put(key, encoded.bytes);
      let updated;
      try {
        updated = await updateProfile(member, commandContext(clock, { ...origin, actor: member }, 'profile'), (account) => ({
          ...profileOf(account),
          profilePicture,
        }));
      } catch (error) {
        await files.delete(key).catch(() => {});
        throw error;
      }
      await deletePicture(updated.before.profilePicture);
      return { profilePicture, position: updated.position };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
