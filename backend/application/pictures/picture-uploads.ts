import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { PersonalDataEraser } from '../account/personal-data';
import type { StoredFileExtension } from '../ports/file-store';
import type { Database } from '../ports/database';
import type { EncodedPicture, PictureEncoder } from '../ports/picture-encoder';
import type { Clock } from '../ports/system';

/**
 * What any picture a person uploads may cost the server (issue 48): profile pictures, founder
 * and blog images alike.
 * - A pixel budget: a picture whose header declares more than `maxPixels` (width × height) is
 *   refused before any pixel is decoded (a 207 KB PNG may declare 50 megapixels: decoding it
 *   takes about 200 MB and seconds of a thread). 16 megapixels takes a 12-megapixel phone photo
 *   (4032 × 3024) and anything a 512-pixel avatar or a 1600-pixel image needs.
 * - A rate per member: at most `perMinute` uploads a minute, each counted when it starts
 *   (refused pictures too: the work of reading them is done), in the `picture_uploads` table,
 *   so the limit holds across server instances.
 * - Decoders per process: `PictureEncoder` answers `busy` when every decoder is taken and the
 *   queue is full (`infrastructure/files/sharp-picture-encoder.ts`), refused with 503.
 */
export const pictureUploadLimits = {
  maxPixels: 16_000_000,
  perMinute: 5,
  windowMs: 60_000,
  /** What a 503 `picture_decoders_busy` asks the client to wait. */
  busyRetryAfterMs: 2_000,
} as const;

/** The limits as the upload routes' OpenAPI descriptions state them. */
export const pictureLimitsDescription =
  `Over ${pictureUploadLimits.maxPixels / 1_000_000} megapixels (width × height, read from the header before decoding): 400 picture_too_many_pixels. ` +
  `More than ${pictureUploadLimits.perMinute} uploads a minute by one account: 429 picture_upload_limit with Retry-After. ` +
  'Every picture decoder of the server busy: 503 picture_decoders_busy with Retry-After.';

export const PictureTooManyPixels = () =>
  new DomainError('picture_too_many_pixels', 'invalid', { megapixels: pictureUploadLimits.maxPixels / 1_000_000 });
export const PictureUploadLimitReached = (retryAfterMs: number) =>
  new DomainError('picture_upload_limit', 'limit', { perMinute: pictureUploadLimits.perMinute, retryAfterMs });
export const PictureDecodersBusy = () =>
  new DomainError('picture_decoders_busy', 'busy', { retryAfterMs: pictureUploadLimits.busyRetryAfterMs });

/**
 * Uploads per member and minute (a fixed window starting on the minute). A member's row of an
 * ended minute is deleted at their next upload (never another member's: no two uploads wait on
 * each other's rows), or with their account.
 */
export const pictureUploadsMigration: Migration = {
  async up(db) {
    await sql`
      create table picture_uploads (
        user_id text not null,
        window_start timestamptz not null,
        used integer not null,
        primary key (user_id, window_start)
      )`.execute(db);
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes one of the member's uploads of the current minute, and deletes the member's windows
 * that ended, in one statement (one round trip; simultaneous uploads cannot pass the limit
 * together). Throws `picture_upload_limit` (429, Retry-After: until the next minute) when they
 * are all taken.
 */
export async function reservePictureUpload(db: Db, userId: string, now: Date): Promise<void> {
  const { windowMs, perMinute } = pictureUploadLimits;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const taken = await sql<{ used: number }>`
    with ended as (delete from picture_uploads where user_id = ${userId} and window_start < ${windowStart})
    insert into picture_uploads (user_id, window_start, used) values (${userId}, ${windowStart}, 1)
    on conflict (user_id, window_start) do update set used = picture_uploads.used + 1
    where picture_uploads.used < ${perMinute}
    returning used`.execute(db);
  if (taken.rows.length === 0) throw PictureUploadLimitReached(windowStart.getTime() + windowMs - now.getTime());
}

/** The member's upload counts go with their account. */
export const pictureUploadsEraser = (db: Db): PersonalDataEraser => ({
  tables: ['picture_uploads'],
  erase: async ({ userId }) => {
    await db.deleteFrom('picture_uploads').where('user_id', '=', userId).execute();
  },
});

/**
 * Every uploaded picture goes through here: counted against its uploader's rate, refused over
 * the pixel budget or when the decoders are busy, else encoded (`PictureEncoder`). Null: not a
 * picture of `formats` (each caller words that refusal itself).
 */
export function createPictureUploads(deps: { db: Kysely<Database>; clock: Clock; encoder: PictureEncoder }) {
  return {
    async encode(userId: string, bytes: Buffer, options: { maxSide: number; formats?: readonly StoredFileExtension[] }): Promise<EncodedPicture | null> {
      await reservePictureUpload(deps.db, userId, deps.clock.now());
      const encoded = await deps.encoder.encode(bytes, { ...options, maxPixels: pictureUploadLimits.maxPixels });
      if (encoded === 'too_many_pixels') throw PictureTooManyPixels();
      if (encoded === 'busy') throw PictureDecodersBusy();
      return encoded;
    },
  };
}

export type PictureUploads = ReturnType<typeof createPictureUploads>;
