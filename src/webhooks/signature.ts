/**
 * Standard Webhooks signatures (`webhook-id`, `webhook-timestamp`, `webhook-signature`), checked
 * with Web Crypto HMAC-SHA256.
 * @module
 */
import { base64ToBytes, bytesToBase64 } from '../internal/base64';
import { timingSafeEqual } from '../internal/timing-safe-equal';
import type { HeaderLookup } from './headers';

/** Options of the signature check. */
export interface SignatureOptions {
  /** One secret or several (rotation), each `whsec_<base64>` or plain base64. */
  secrets: string | readonly string[];
  /** How far `webhook-timestamp` may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
}

/** Why a signature check failed; `undefined` when it passed. */
export type SignatureFailure = string | undefined;

const encoder = /* @__PURE__ */ new TextEncoder();

async function sign(secret: Uint8Array, content: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return bytesToBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(content))));
}

/** Decodes the configured secrets once; throws a clear error for a malformed one. */
export function decodeSecrets(secrets: string | readonly string[]): Uint8Array[] {
  const list = typeof secrets === 'string' ? [secrets] : [...secrets];
  if (list.length === 0) throw new TypeError('signature.secrets must hold at least one secret');
  return list.map((secret, index) => {
    try {
      return base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
    } catch {
      throw new TypeError(`signature.secrets[${index}] is not base64 (expected whsec_<base64>)`);
    }
  });
}

/** Checks the Standard Webhooks headers of a request against its raw body. */
export async function checkSignature(
  headers: HeaderLookup,
  body: string,
  secrets: readonly Uint8Array[],
  toleranceSeconds = 300,
  now = Date.now(),
): Promise<SignatureFailure> {
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures) return 'Missing webhook-id, webhook-timestamp or webhook-signature header';
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(seconds)) return 'Invalid webhook-timestamp header';
  if (Math.abs(now / 1000 - seconds) > toleranceSeconds) return 'The webhook-timestamp is too old or too new';
  const offered = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  if (offered.length === 0) return 'No v1 signature in webhook-signature header';
  const content = `${id}.${timestamp}.${body}`;
  for (const secret of secrets) {
    const expected = await sign(secret, content);
    if (offered.some((signature) => timingSafeEqual(signature, expected))) return undefined;
  }
  return 'No matching signature';
}
