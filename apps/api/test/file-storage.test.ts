import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';
import { createFileSystemStorage, createS3FileStorage, FileStorageError, type FileStorage } from '../src/modules/file-storage/index.ts';
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest } from '../src/modules/file-storage/sigv4.ts';

/** The port's promises, whichever adapter keeps the files (the PostgreSQL one: tour-pictures.test.ts, on both engines). */
function behavesAsFileStorage(name: string, storage: () => FileStorage) {
  it(`${name}: puts, gets, replaces and deletes by key, with the content type`, async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3, 250]);
    await storage().put('tour-pictures/a.b1-480.jpeg', bytes, 'image/jpeg');
    expect(await storage().get('tour-pictures/a.b1-480.jpeg')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await storage().get('tour-pictures/a.b1-960.jpeg')).toBeNull();
    await storage().put('tour-pictures/a.b1-480.jpeg', Buffer.from('again'), 'image/webp');
    expect(await storage().get('tour-pictures/a.b1-480.jpeg')).toEqual({ bytes: Buffer.from('again'), contentType: 'image/webp' });
    await storage().delete('tour-pictures/a.b1-480.jpeg');
    expect(await storage().get('tour-pictures/a.b1-480.jpeg')).toBeNull();
    await expect(storage().delete('tour-pictures/a.b1-480.jpeg')).resolves.toBeUndefined();
  });

  it(`${name}: takes only its own kind of key, never a way out of its folder or bucket`, async () => {
    for (const key of ['../etc/passwd', 'tour-pictures/../../x', '/absolute', 'Upper.jpeg', 'a//b', '']) {
      await expect(storage().put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Not a storage key/);
    }
  });
}

describe('the file storage', () => {
  describe('in a folder', () => {
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'tours-files-'));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    behavesAsFileStorage('filesystem', () => createFileSystemStorage(folder));

    it('leaves no temporary file behind', async () => {
      const storage = createFileSystemStorage(join(folder, 'fresh'));
      await storage.put('tour-pictures/x.1-480.avif', Buffer.from('avif'), 'image/avif');
      expect(readdirSync(join(folder, 'fresh', 'tour-pictures')).sort()).toEqual(['x.1-480.avif', 'x.1-480.avif.content-type']);
    });
  });

  describe('in an S3-compatible bucket', () => {
    const credentials = { accessKeyId: 'AKIDTOURS', secretAccessKey: 'tours-secret/key', region: 'eu-west-2' };
    const objects = new Map<string, { bytes: Buffer; contentType: string }>();
    const seen: { method: string; path: string; authorization: string | undefined }[] = [];
    let server: Server;
    let endpoint: string;

    /** A stand-in for S3: checks each request's SigV4 signature as S3 would (the same secret), then keeps or answers the object. */
    const fakeS3 = async (request: IncomingMessage, body: Buffer): Promise<{ status: number; body?: Buffer; type?: string }> => {
      const authorization = request.headers.authorization;
      seen.push({ method: request.method!, path: request.url!, authorization });
      const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(authorization ?? '');
      if (!match || match[1] !== credentials.accessKeyId || match[3] !== credentials.region) return { status: 403 };
      const payloadHash = request.headers['x-amz-content-sha256'];
      if (payloadHash !== sha256Hex(body)) return { status: 400 };
      const signed = Object.fromEntries(match[4]!.split(';').map((name) => [name, String(request.headers[name] ?? '')]));
      const expected = signRequest({ method: request.method!, path: request.url!, headers: signed, payloadHash }, credentials).signature;
      if (expected !== match[5] || !match[4]!.includes('host') || !match[4]!.includes('x-amz-date')) return { status: 403 };
      const [, bucket, ...key] = request.url!.split('/');
      if (bucket !== 'tour-media') return { status: 404 };
      const name = key.join('/');
      if (request.method === 'PUT') {
        objects.set(name, { bytes: body, contentType: String(request.headers['content-type']) });
        return { status: 200 };
      }
      if (request.method === 'DELETE') {
        objects.delete(name);
        return { status: 204 };
      }
      const object = objects.get(name);
      return object ? { status: 200, body: object.bytes, type: object.contentType } : { status: 404, body: Buffer.from('<Error><Code>NoSuchKey</Code></Error>'), type: 'application/xml' };
    };

    beforeAll(async () => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          void fakeS3(request, Buffer.concat(chunks)).then((answer) => {
            response.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
            response.end(answer.body);
          });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const s3 = () => createS3FileStorage({ endpoint, bucket: 'tour-media', ...credentials, timeoutMs: 5000 });
    behavesAsFileStorage('s3', s3);

    it('signs every request (SigV4) and addresses objects path-style', async () => {
      seen.length = 0;
      await s3().put('tour-pictures/s.2-960.webp', Buffer.from('webp'), 'image/webp');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'PUT', path: '/tour-media/tour-pictures/s.2-960.webp' });
      expect(seen[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTOURS\/\d{8}\/eu-west-2\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=/);
      expect(objects.get('tour-pictures/s.2-960.webp')).toEqual({ bytes: Buffer.from('webp'), contentType: 'image/webp' });
    });

    it('fails with a FileStorageError when the store refuses (a wrong secret), never pretending it kept the file', async () => {
      const wrong = createS3FileStorage({ endpoint, bucket: 'tour-media', ...credentials, secretAccessKey: 'not-the-secret', timeoutMs: 5000 });
      await expect(wrong.put('tour-pictures/w.3-480.jpeg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(FileStorageError);
      expect(objects.has('tour-pictures/w.3-480.jpeg')).toBe(false);
      const unreachable = createS3FileStorage({ endpoint: 'http://127.0.0.1:9', bucket: 'tour-media', ...credentials, timeoutMs: 2000 });
      await expect(unreachable.get('tour-pictures/w.3-480.jpeg')).rejects.toThrow(FileStorageError);
    });
  });

  it('signs as AWS documents it (the GET Object example of the SigV4 reference)', () => {
    const { signature, authorization } = signRequest(
      {
        method: 'GET',
        path: '/test.txt',
        headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256, 'x-amz-date': '20130524T000000Z' },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
    );
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('is chosen by FILE_STORAGE: the database by default, a folder or a bucket only with their settings', () => {
    expect(loadConfig({}).fileStorage.provider).toBe('postgres');
    expect(() => loadConfig({ FILE_STORAGE: 'filesystem' })).toThrow(/FILE_STORAGE_DIR: Required when FILE_STORAGE is filesystem/);
    expect(() => loadConfig({ FILE_STORAGE: 's3', FILE_STORAGE_S3_ENDPOINT: 'https://s3.example' })).toThrow(/FILE_STORAGE_S3_BUCKET: Required when FILE_STORAGE is s3/);
    expect(
      loadConfig({
        FILE_STORAGE: 's3',
        FILE_STORAGE_S3_ENDPOINT: 'https://s3.example',
        FILE_STORAGE_S3_BUCKET: 'b',
        FILE_STORAGE_S3_ACCESS_KEY_ID: 'k',
        FILE_STORAGE_S3_SECRET_ACCESS_KEY: 's',
      }).fileStorage,
    ).toMatchObject({ provider: 's3', s3: { endpoint: 'https://s3.example', bucket: 'b', region: 'us-east-1' } });
  });
});
