/**
 * Where uploaded files live (profile pictures; later blog images and platform logos). Keys are
 * relative paths the application chooses, `<area>/<random id>.<ext>` (`profile-pictures/1f…c2.jpg`),
 * never a name a person typed. The default adapter writes under `DATA_DIR/files`
 * (`infrastructure/files/local-file-store.ts`).
 */
export interface StoredFile {
  bytes: Buffer;
  /** From the key's extension, one of `fileContentTypes`: never what the uploader claimed. */
  contentType: string;
}

export interface FileStore {
  /** Writes the file (replacing one under the same key). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Null when there is no such file (or the key is not one the store serves). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** The only kinds of file the store keeps and serves, by extension. */
export const fileContentTypes = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;
export type StoredFileExtension = keyof typeof fileContentTypes;

/** `area/name.ext` with a plain name: no directories, no dots but the extension's, a known extension. */
export const FILE_KEY_PATTERN = /^[a-z][a-z0-9-]*\/[A-Za-z0-9_-]{8,64}\.(jpg|png|webp|gif)$/;

export function contentTypeOfKey(key: string): string | null {
  if (!FILE_KEY_PATTERN.test(key)) return null;
  const extension = key.slice(key.lastIndexOf('.') + 1) as StoredFileExtension;
  return fileContentTypes[extension];
}
