import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { WebauthnCredential } from '@tours/domain/contracts/staff/session';

/**
 * The browser's passkey prompts (@simplewebauthn/browser). What a person
 * does there (cancels, waits too long, uses a key already registered) comes
 * back as a sentence for the page, never as a stack trace.
 */
export class PasskeyPromptFailed extends Error {
  override name = 'PasskeyPromptFailed';
}

function explain(error: unknown, registering: boolean): PasskeyPromptFailed {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyPromptFailed('This passkey is registered already. Use another device or security key.');
    if (error.name === 'NotAllowedError') return new PasskeyPromptFailed('The passkey prompt was closed or timed out. Please try again.');
  }
  if (error instanceof Error && error.name === 'NotAllowedError') return new PasskeyPromptFailed('The passkey prompt was closed or timed out. Please try again.');
  return new PasskeyPromptFailed(
    registering ? 'This browser could not create a passkey. Please try again, or use another browser.' : 'This browser could not use your passkey. Please try again, or use a recovery code.',
  );
}

export async function createPasskey(options: Record<string, unknown>): Promise<WebauthnCredential> {
  try {
    return (await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })) as unknown as WebauthnCredential;
  } catch (error) {
    throw explain(error, true);
  }
}

export async function provePasskey(options: Record<string, unknown>): Promise<WebauthnCredential> {
  try {
    return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as unknown as WebauthnCredential;
  } catch (error) {
    throw explain(error, false);
  }
}

/** A name for the new passkey, from what the browser says it runs on ('Chrome on Linux'); the member can tell their keys apart. */
export function passkeyName(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : 'a device';
  return `${browser} on ${system}`;
}
