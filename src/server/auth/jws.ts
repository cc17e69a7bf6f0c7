import { KeyObject, sign } from 'node:crypto';

// The KeyObject of each signing key, made once: node:crypto signs with it synchronously, where
// jose's SignJWT goes through WebCrypto (a job on libuv's thread pool and a promise per token),
// which took about three times as long per refreshed session.
const keyObjects = new WeakMap<CryptoKey, KeyObject>();

function keyObject(key: CryptoKey): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = KeyObject.from(key);
    keyObjects.set(key, object);
  }
  return object;
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An ES256 JWS in compact form (a signed JWT): base64url header and payload, and the P-256 ECDSA
 * signature over them as JWS wants it (r || s, RFC 7518 §3.4), not DER.
 */
export function signEs256(
  header: { alg: 'ES256'; kid: string; typ: 'JWT' },
  payload: object,
  key: CryptoKey,
): string {
  const input = `${part(header)}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: keyObject(key),
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}
