import { DomainError } from '../../domain/shared/domain-error';
import type { FileStore } from '../ports/file-store';
import type { PictureEncoder } from '../ports/picture-encoder';
import type { IdGenerator } from '../ports/system';

export const FOUNDER_IMAGES_AREA = 'founder-images';
/** Stored founder images fit inside this square (pixels); smaller ones keep their size. */
export const FOUNDER_IMAGE_MAX_SIDE = 800;

export const FounderImageRequired = () => new DomainError('founder_image_required', 'invalid');
export const NotAFounderImage = () => new DomainError('invalid_founder_image', 'invalid');

/**
 * A founder's picture (company page, admins): checked by its content and re-encoded through the
 * `PictureEncoder` (no metadata survives), stored under a key the application chooses
 * (`founder-images/<random id>.<ext>`), answered as its `/api/files/…` URL. The company content
 * names it once an admin saves the page.
 */
export function createFounderImages(deps: { files: FileStore; pictures: PictureEncoder; ids: IdGenerator }) {
  return {
    async upload(bytes: Buffer): Promise<{ imageUrl: string }> {
      if (bytes.length === 0) throw FounderImageRequired();
      const encoded = await deps.pictures.encode(bytes, { maxSide: FOUNDER_IMAGE_MAX_SIDE });
      if (!encoded) throw NotAFounderImage();
      const key = `${FOUNDER_IMAGES_AREA}/${deps.ids.next().replaceAll('-', '')}.${encoded.extension}`;
      await deps.files.put(key, encoded.bytes);
      return { imageUrl: `/api/files/${key}` };
    },
  };
}
