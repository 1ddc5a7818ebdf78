import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { FileStore, StoredFileExtension } from '../ports/file-store';
import type { PictureUploads } from '../pictures/picture-uploads';
import type { IdGenerator } from '../ports/system';

/**
 * The FileStore folders of images admins upload: `blog-images` (blog content, featured images,
 * platform logos) and `founder-images` (the company page's founders).
 */
export const ADMIN_IMAGE_AREAS = ['blog-images', 'founder-images'] as const;
export type AdminImageArea = (typeof ADMIN_IMAGE_AREAS)[number];
/** Stored admin images fit inside this square (pixels); smaller ones keep their size. */
export const ADMIN_IMAGE_MAX_SIDE = 1600;
/** Any image type (back-office §5), told by its bytes. */
export const ADMIN_IMAGE_FORMATS: readonly StoredFileExtension[] = ['jpg', 'png', 'webp', 'gif'];

export const AdminImageRequired = () => new DomainError('admin_image_required', 'invalid');
export const NotAnAdminImage = () => new DomainError('invalid_admin_image', 'invalid');

/**
 * Every image an admin uploads (back-office §2, §5): checked by its content (JPEG, PNG, WebP or
 * GIF, whatever its name or declared type), counted, budgeted and re-encoded through
 * `PictureUploads` (the same limits as profile pictures; no metadata
 * survives, fitted inside `ADMIN_IMAGE_MAX_SIDE`), stored under a key the application chooses
 * (`<area>/<random id>.<ext>`), answered as its `/api/files/…` URL. The page or post that shows
 * it names the URL once an admin saves it.
 */
export function createAdminImages(deps: { files: FileStore; pictures: PictureUploads; ids: IdGenerator }) {
  return {
    async upload(admin: UserActor, area: AdminImageArea, bytes: Buffer): Promise<{ url: string }> {
      if (bytes.length === 0) throw AdminImageRequired();
      const encoded = await deps.pictures.encode(admin.userId, bytes, { maxSide: ADMIN_IMAGE_MAX_SIDE, formats: ADMIN_IMAGE_FORMATS });
      if (!encoded) throw NotAnAdminImage();
      const key = `${area}/${deps.ids.next().replaceAll('-', '')}.${encoded.extension}`;
      await deps.files.put(key, encoded.bytes);
      return { url: `/api/files/${key}` };
    },
  };
}

export type AdminImages = ReturnType<typeof createAdminImages>;
