import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A type that makes a script tag data, not code (the app-config tag is application/json). */
const DATA_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b)[^\s"'>]/i;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts in `html`: the build
 * puts one in index.html (scripts/route-preload.ts), and the policy allows exactly those by hash,
 * never 'unsafe-inline'. Scripts with a src, and data blocks such as JSON, need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * The Content-Security-Policy sources of the inline <style> elements in `html`: the product pages'
 * template carries its styles inline (scripts/page-shell.ts), allowed by hash like the scripts.
 */
export function inlineStyleHashes(html: string): string[] {
  const hashes = [...html.matchAll(STYLE)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
  return [...new Set(hashes)];
}
