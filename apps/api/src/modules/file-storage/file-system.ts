import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertStorageKey, type FileStorage } from './port.ts';

/** The content type sits beside the file, so a read answers what was stored whatever the name says. */
const TYPE_SUFFIX = '.content-type';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder (FILE_STORAGE_DIR). Each file is written to a temporary
 * name and renamed into place, so a reader never meets half a file.
 */
export function createFileSystemStorage(folder: string): FileStorage {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };
  const writeWhole = async (path: string, content: Buffer | string) => {
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, content);
    await rename(temporary, path);
  };
  return {
    provider: 'filesystem',
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // The type first: a file present without its type is never served (get needs both).
      await writeWhole(path + TYPE_SUFFIX, contentType);
      await writeWhole(path, bytes);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(path), readFile(path + TYPE_SUFFIX, 'utf8')]);
        return { bytes, contentType };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(path + TYPE_SUFFIX, { force: true });
    },
  };
}
