import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { createFileSystemStorage } from './file-system.ts';
import type { FileStorage } from './port.ts';
import { createPostgresFileStorage } from './postgres.ts';
import { createS3FileStorage } from './s3.ts';

/**
 * File storage: uploaded files behind one port (port.ts), in the database by
 * default (stored_files, this module's only table), a folder or an
 * S3-compatible bucket by configuration (FILE_STORAGE). The catalogue stores
 * its uploaded tour pictures through it.
 */
export { FileStorageError, type FileStorage } from './port.ts';
export { createFileSystemStorage } from './file-system.ts';
export { createS3FileStorage } from './s3.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (modules/file-storage), as FILE_STORAGE says. */
    fileStorage: FileStorage;
  }
}

export function createFileStorage(config: AppConfig['fileStorage'], db: Database): FileStorage {
  if (config.provider === 'filesystem') {
    if (!config.dir) throw new Error('FILE_STORAGE_DIR is required for the filesystem file storage');
    return createFileSystemStorage(config.dir);
  }
  if (config.provider === 's3') {
    const { endpoint, bucket, region, accessKeyId, secretAccessKey, timeoutMs } = config.s3;
    if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) throw new Error('The s3 file storage needs its endpoint, bucket and keys');
    return createS3FileStorage({ endpoint, bucket, region, accessKeyId, secretAccessKey, timeoutMs });
  }
  return createPostgresFileStorage(db);
}

/** Decorates app.fileStorage; registered by app.ts after the database, which the default adapter writes. */
export const fileStoragePlugin = sharedPlugin('file-storage', async (app, options: { storage?: FileStorage | undefined }) => {
  app.decorate('fileStorage', options.storage ?? createFileStorage(app.config.fileStorage, app.db));
});
