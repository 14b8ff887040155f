import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

export const fileStorage = defineSlice({
  title: 'File storage',
  summary:
    'Where uploaded files (the tour pictures staff upload, in every size and format) are kept. By default in the database, so every replica serves them with no shared disk.',
  settings: {
    fileStorage: {
      provider: setting(
        'FILE_STORAGE',
        z.enum(['postgres', 'filesystem', 's3']).default('postgres'),
        '`postgres`: in the database (table `stored_files`, PGlite or PostgreSQL); `filesystem`: files under `FILE_STORAGE_DIR` (one server, or a disk every replica shares); `s3`: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...)',
      ),
      dir: setting('FILE_STORAGE_DIR', z.string().min(1).optional(), 'For `filesystem`: the folder, relative to the working directory; made when missing'),
      s3: {
        endpoint: setting(
          'FILE_STORAGE_S3_ENDPOINT',
          z.url({ protocol: /^https?$/ }).optional(),
          'For `s3`: the service, e.g. `https://s3.eu-west-2.amazonaws.com` or `http://minio:9000`; objects are addressed path-style (`<endpoint>/<bucket>/<key>`)',
        ),
        bucket: setting('FILE_STORAGE_S3_BUCKET', z.string().min(1).optional(), 'For `s3`: the bucket, which must exist'),
        region: setting('FILE_STORAGE_S3_REGION', z.string().min(1).default('us-east-1'), "For `s3`: the region requests are signed for (SigV4); `auto` for Cloudflare R2"),
        accessKeyId: setting('FILE_STORAGE_S3_ACCESS_KEY_ID', z.string().min(1).optional(), 'For `s3`: the access key'),
        secretAccessKey: setting('FILE_STORAGE_S3_SECRET_ACCESS_KEY', z.string().min(1).optional(), 'For `s3`: its secret; it never leaves the server'),
        timeoutMs: setting('FILE_STORAGE_S3_TIMEOUT_MS', z.coerce.number().int().min(100).max(120_000).default(20_000), 'For `s3`: time limit of each request'),
      },
    },
  },
  requires: {
    FILE_STORAGE: {
      filesystem: ['FILE_STORAGE_DIR'],
      s3: ['FILE_STORAGE_S3_ENDPOINT', 'FILE_STORAGE_S3_BUCKET', 'FILE_STORAGE_S3_ACCESS_KEY_ID', 'FILE_STORAGE_S3_SECRET_ACCESS_KEY'],
    },
  },
});
