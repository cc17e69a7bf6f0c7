// Bucket names and object keys as Supabase Storage accepts them. storage-js puts `{bucket}/{key}`
// in the URL without encoding it (fetch encodes spaces as %20), so the path after a route's prefix
// is decoded here and checked against Storage's character set: anything else (even "é") is
// InvalidKey, never a 500 and never a different object.
import type { Context } from 'hono';
import { invalidBucketName, invalidKey } from './errors.ts';

// Storage's sets: letters, digits, _ / ! - . * ' ( ) space & $ @ = ; : + , ? (no "/" in buckets).
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET_CHARS = /^[\w!\-.*'() &$@=;:+,?]+$/;
/** Storage's limit on a key, in bytes. */
const MAX_KEY_BYTES = 1024;

/** A bucket name, checked: 1 to 100 characters of Storage's set, no surrounding spaces. */
export function checkBucketName(name: string): string {
  if (name.length < 1 || name.length > 100 || name.trim() !== name || !BUCKET_CHARS.test(name)) {
    throw invalidBucketName();
  }
  return name;
}

/** An object key, checked: Storage's characters, no empty folder, at most 1024 bytes. */
export function checkKey(key: string): string {
  if (
    !KEY_CHARS.test(key) ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.startsWith('/') ||
    key.endsWith('/') ||
    key.includes('//')
  ) {
    throw invalidKey(key);
  }
  return key;
}

/** What follows `prefix` in the request's path, decoded; undefined when it cannot be decoded. */
function pathAfter(c: Context, prefix: string): string | undefined {
  const raw = new URL(c.req.url).pathname;
  const at = raw.indexOf(prefix);
  if (at < 0) return undefined;
  try {
    return decodeURIComponent(raw.slice(at + prefix.length));
  } catch {
    return undefined;
  }
}

/** A bucket and a key named by the path after `prefix` ("/object/" ...): `{bucket}/{key}`. */
export function bucketAndKey(c: Context, prefix: string): { bucket: string; key: string } {
  const rest = pathAfter(c, prefix);
  if (rest === undefined) throw invalidKey(new URL(c.req.url).pathname);
  const slash = rest.indexOf('/');
  if (slash < 0) throw invalidKey(rest);
  return {
    bucket: checkBucketName(rest.slice(0, slash)),
    key: checkKey(rest.slice(slash + 1)),
  };
}

/** A bucket named by a route parameter, decoded and checked. */
export function bucketParam(c: Context, name: string): string {
  return checkBucketName(c.req.param(name) ?? '');
}
