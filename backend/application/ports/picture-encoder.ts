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
 * taken (unless `formats` says otherwise); the image is decoded and encoded again (turned upright by its orientation tag, made to
 * fit inside `maxSide`×`maxSide` without being enlarged), so no metadata survives (a photo's
 * GPS position, camera, comments) and nothing but pixels reaches the store. The default adapter
 * is `infrastructure/files/sharp-picture-encoder.ts` (file-type and sharp).
 */
export interface PictureEncoder {
  /**
   * Null when the bytes are not an image of one of `formats` (JPEG and PNG unless told: profile
   * pictures) it can decode. Blog and other admin images also take WebP and GIF (an animated GIF
   * or WebP keeps its first frame).
   * `too_many_pixels`: the header declares more than `maxPixels` (width × height), told before
   * any pixel is decoded. `busy`: every decoder of the process is taken and the queue for them is
   * full (decoding is limited so it never takes every thread the server needs, sign-in's
   * password hashing included); nothing was decoded, the caller may try again shortly.
   */
  encode(
    bytes: Buffer,
    options: { maxSide: number; maxPixels: number; formats?: readonly StoredFileExtension[] },
  ): Promise<EncodedPicture | null | 'too_many_pixels' | 'busy'>;
}
