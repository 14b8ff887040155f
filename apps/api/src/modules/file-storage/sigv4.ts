import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests, header-based
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html):
 * the few lines the S3 adapter needs instead of the AWS SDK. The payload is
 * always hashed (x-amz-content-sha256), so a store checks the body too.
 */

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  /** The path as sent: each segment already percent-encoded (RFC 3986), as S3 wants it in the canonical request. */
  path: string;
  /** Every header that is signed, by any case; `host` and `x-amz-date` must be among them. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_PAYLOAD_SHA256 for none). */
  payloadHash: string;
}

export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z` */
export const amzDate = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 3986 encoding of one path segment: what S3 expects (encodeURIComponent leaves !'()* alone). */
export const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature and the Authorization header of a request. */
export function signRequest(request: RequestToSign, credentials: SigningCredentials): { signature: string; authorization: string } {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!date) throw new Error('x-amz-date must be signed');
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    request.method,
    request.path,
    '',
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    signature,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
