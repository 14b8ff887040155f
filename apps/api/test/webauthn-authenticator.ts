import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for API tests: an EC P-256 key pair
 * per credential, 'none' attestation, user presence and verification always
 * given, a signature counter. It builds exactly what a browser hands
 * @simplewebauthn/browser's callers (RegistrationResponseJSON,
 * AuthenticationResponseJSON), so the API verifies it as it would a real one.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  rpId: string;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  excludeCredentials?: { id: string }[];
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

export interface AuthenticatorOptions {
  /** Leave the user-verified flag out (a security key without its PIN). */
  withoutUserVerification?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly options: AuthenticatorOptions = {}) {}

  private flags(extra = 0) {
    return FLAG_USER_PRESENT | (this.options.withoutUserVerification ? 0 : FLAG_USER_VERIFIED) | extra;
  }

  /** navigator.credentials.create() as the page at `origin` calls it with the API's options. */
  create(options: CreationOptions, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const excluded = new Set(options.excludeCredentials?.map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(b64url(c.id)))) throw new Error('InvalidStateError: this authenticator is already registered');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = { id: randomBytes(32), privateKey, publicKey, counter: 0, rpId };
    this.credentials.push(credential);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_ATTESTED_CREDENTIAL)]),
      counterBytes(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(coseKey(publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() with the API's options; `credential` picks one (the first allowed by default). */
  get(options: RequestOptions, origin: string, credential?: Credential) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const allowed = new Set(options.allowCredentials?.map((c) => c.id));
    const chosen = credential ?? this.credentials.find((c) => c.rpId === rpId && (allowed.size === 0 || allowed.has(b64url(c.id))));
    if (!chosen) throw new Error('NotAllowedError: no credential for this site');
    chosen.counter += 1;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const authData = Buffer.concat([sha256(chosen.rpId), Buffer.from([this.flags()]), counterBytes(chosen.counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey);
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
