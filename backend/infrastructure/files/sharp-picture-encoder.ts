import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { StoredFileExtension } from '../../application/ports/file-store';
import type { PictureEncoder } from '../../application/ports/picture-encoder';

/**
 * Decoding stops above this many pixels (width × height as the header says, checked before any
 * pixel is decoded): a 48-megapixel phone photo passes, a small PNG claiming a huge canvas (a
 * decompression bomb) does not. sharp's default is 268 million.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

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
 * `file-type` sniffs the format from the bytes, then sharp decodes them (refusing a truncated
 * or corrupt file), applies the EXIF orientation, fits the picture inside the box and encodes
 * it again in the same format. sharp writes no metadata unless asked (`keepMetadata` and
 * friends are never called), and converts to sRGB, so EXIF (GPS position included), XMP, IPTC,
 * comments and ICC profiles are all dropped.
 */
export function sharpPictureEncoder(): PictureEncoder {
  return {
    async encode(bytes, { maxSide, formats = defaultFormats }) {
      const sniffed = await fileTypeFromBuffer(bytes);
      const extension = sniffed ? sniffedFormats[sniffed.ext] : undefined;
      if (!extension || !formats.includes(extension)) return null;
      try {
        const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
        if ((await image.metadata()).format !== decodedFormats[extension]) return null;
        const fitted = image.rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
        return { bytes: await encodeAs(fitted, extension).toBuffer(), extension };
      } catch {
        // Bytes that start like an image taken but do not decode (truncated, corrupt, too large).
        return null;
      }
    },
  };
}
