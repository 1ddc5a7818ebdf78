import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, type FileStore } from '../../application/ports/file-store';

/**
 * Files on the local disk under `root` (`DATA_DIR/files` by default). A key that is not of the
 * store's shape (`FILE_KEY_PATTERN`) is refused on write and unknown on read, so no key can
 * reach outside `root`. Writes go to a temporary name first and are renamed into place, so a
 * reader never sees half a file.
 */
export function localFileStore(root: string): FileStore {
  const fileOf = (key: string) => {
    if (contentTypeOfKey(key) === null) return null;
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      if (!file) throw new Error(`not a file key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        return { bytes: await readFile(file), contentType: contentTypeOfKey(key)! };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },
  };
}
