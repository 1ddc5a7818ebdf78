import type { StoredFileExtension } from './file-store';

/** A picture as the product stores it: freshly encoded, nothing of the uploaded file's metadata. */
export interface EncodedPicture {
  bytes: Buffer;
  /** The format of `bytes`, which is the format uploaded (a JPEG stays a JPEG). */
  extension: StoredFileExtension;
}

/**
 * Turns an uploaded file into a picture safe to store and serve (profile pictures): the format
 * is read from the bytes, never from the file's name or declared type; only JPEG and PNG are
 * taken; the image is decoded and encoded again (turned upright by its orientation tag, made to
 * fit inside `maxSide`×`maxSide` without being enlarged), so no metadata survives (a photo's
 * GPS position, camera, comments) and nothing but pixels reaches the store. The default adapter
 * is `infrastructure/files/sharp-picture-encoder.ts` (file-type and sharp).
 */
export interface PictureEncoder {
  /** Null when the bytes are not a JPEG or PNG image it can decode (or one too large to decode). */
  encode(bytes: Buffer, options: { maxSide: number }): Promise<EncodedPicture | null>;
}
