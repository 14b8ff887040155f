/**
 * Where uploaded files live (the tour pictures staff upload): a small port
 * with three adapters chosen by FILE_STORAGE (config/file-storage.ts). The
 * database by default, so every replica serves every file with no shared
 * disk; a folder; or any S3-compatible bucket. Keys are ours, never a
 * visitor's: letters, digits and `.-_/`, no `..`, so no adapter can be led
 * outside its folder or bucket.
 */
export interface FileStorage {
  readonly provider: 'postgres' | 'filesystem' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when no file has this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is no error. */
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part.includes('..'));
}

/** Every adapter checks the key first: a programming error, never a visitor's input, so it throws. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/** A store that did not answer as it should (an S3 5xx, a refused signature): the caller's request fails with 503, nothing is half-written. */
export class FileStorageError extends Error {
  override name = 'FileStorageError';
}
