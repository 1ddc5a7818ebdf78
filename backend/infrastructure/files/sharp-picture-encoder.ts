import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { StoredFileExtension } from '../../application/ports/file-store';
import type { PictureEncoder } from '../../application/ports/picture-encoder';

/**
 * How many pictures the process decodes at once, and how many more may wait for a turn; beyond
 * that `encode` answers `busy` at once. Each decode holds one of libuv's threads (four unless
 * UV_THREADPOOL_SIZE says otherwise) for its whole length, and the same threads run argon2
 * (sign-in), file reads and gzip; and each keeps a CPU core busy. Half the cores (at least one,
 * at most two) leave the other threads and cores to sign-in and the rest of the API (issue 48).
 */
export const pictureDecoding = {
  maxConcurrent: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))),
  maxWaiting: 4,
  /** libvips threads per decode (sharp's default is one per CPU core). */
  threadsPerDecode: 1,
} as const;

// libvips: one worker thread per decode, and no cache of decoded images or operations between
// uploads (each picture is seen once), so memory is given back after each upload.
sharp.concurrency(pictureDecoding.threadsPerDecode);
sharp.cache(false);

/** At most `maxConcurrent` holders at once, `maxWaiting` more queued in order; null when the queue is full. */
function decodeGate(maxConcurrent: number, maxWaiting: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async enter(): Promise<(() => void) | null> {
      if (active < maxConcurrent) {
        active += 1;
        return release;
      }
      if (waiting.length >= maxWaiting) return null;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return release;
    },
  };
}

/** One gate for the whole process, as libuv's thread pool is one for the whole process. */
const decoders = decodeGate(pictureDecoding.maxConcurrent, pictureDecoding.maxWaiting);

/** The formats taken, by what `file-type` reads from the bytes (an animated PNG is a PNG: its first frame is kept). */
const sniffedFormats: Record<string, StoredFileExtension> = { jpg: 'jpg', png: 'png', apng: 'png', webp: 'webp', gif: 'gif' };
/** What sharp must agree the bytes are, for each format taken. */
const decodedFormats: Record<StoredFileExtension, string> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };
/** Profile pictures: JPEG and PNG only, unless the caller names other formats. */
const defaultFormats: readonly StoredFileExtension[] = ['jpg', 'png'];

function encodeAs(image: Sharp, extension: StoredFileExtension): Sharp {
  switch (extension) {
    case 'jpg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 85 });
    case 'gif':
      return image.gif();
  }
}

/**
 * `file-type` sniffs the format from the bytes, sharp reads the header (its format, and its
 * width × height against `maxPixels`, before any pixel is decoded), then, once a decoder is free,
 * decodes the pixels (refusing a truncated or corrupt file), applies the EXIF orientation, fits
 * the picture inside the box and encodes it again in the same format. sharp writes no metadata unless asked (`keepMetadata` and
 * friends are never called), and converts to sRGB, so EXIF (GPS position included), XMP, IPTC,
 * comments and ICC profiles are all dropped.
 */
export function sharpPictureEncoder(): PictureEncoder {
  return {
    async encode(bytes, { maxSide, maxPixels, formats = defaultFormats }) {
      const sniffed = await fileTypeFromBuffer(bytes);
      const extension = sniffed ? sniffedFormats[sniffed.ext] : undefined;
      if (!extension || !formats.includes(extension)) return null;
      let header;
      try {
        header = await sharp(bytes).metadata();
      } catch {
        return null; // no readable header
      }
      if (header.format !== decodedFormats[extension]) return null;
      if ((header.width ?? 0) * (header.height ?? 0) > maxPixels) return 'too_many_pixels';
      const release = await decoders.enter();
      if (!release) return 'busy';
      try {
        // limitInputPixels again: the decoder itself stops at the budget whatever the header said.
        const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning' });
        const fitted = image.rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
        return { bytes: await encodeAs(fitted, extension).toBuffer(), extension };
      } catch {
        // Bytes that start like an image taken but do not decode (truncated, corrupt).
        return null;
      } finally {
        release();
      }
    },
  };
}
