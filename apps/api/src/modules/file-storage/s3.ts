import { FileStorageError, assertStorageKey, type FileStorage } from './port.ts';
import { EMPTY_PAYLOAD_SHA256, amzDate, encodeSegment, sha256Hex, signRequest } from './sigv4.ts';

export interface S3Options {
  /** https://s3.eu-west-2.amazonaws.com, http://minio:9000... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs: number;
  /** What requests go through (tests); fetch by default. */
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * Files as objects of an S3-compatible bucket, addressed path-style
 * (`<endpoint>/<bucket>/<key>`, which AWS, MinIO, R2 and the others all
 * take), each request signed with SigV4 (sigv4.ts). Only PUT, GET and DELETE
 * of one object: no listing, no multipart upload (a picture's variants are
 * a few hundred kilobytes each).
 */
export function createS3FileStorage(options: S3Options): FileStorage {
  const base = new URL(options.endpoint);
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const basePath = base.pathname.replace(/\/$/, '');

  async function request(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    assertStorageKey(key);
    const path = `${basePath}/${encodeSegment(options.bucket)}/${key.split('/').map(encodeSegment).join('/')}`;
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256;
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const { authorization } = signRequest({ method, path, headers, payloadHash }, options);
    const { host: _host, ...sent } = headers;
    try {
      return await send(new URL(path, base), {
        method,
        headers: { ...sent, authorization },
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new FileStorageError(`S3 ${method} ${key}: ${(error as Error).message}`, { cause: error });
    }
  }

  const refused = async (response: Response, what: string) =>
    new FileStorageError(`S3 ${what}: ${response.status} ${(await response.text().catch(() => '')).slice(0, 300)}`);

  return {
    provider: 's3',
    async put(key, bytes, contentType) {
      const response = await request('PUT', key, bytes, contentType);
      if (!response.ok) throw await refused(response, `PUT ${key}`);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await request('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await refused(response, `GET ${key}`);
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const response = await request('DELETE', key);
      // S3 answers 204 whether or not the object was there; some stores answer 404 for a missing one.
      if (!response.ok && response.status !== 404) throw await refused(response, `DELETE ${key}`);
      await response.arrayBuffer();
    },
  };
}
