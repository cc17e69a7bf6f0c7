import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebAssets } from './static.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'keebshop-static-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = 'export const x = 1;\n'.repeat(200);
const preload = '(()=>{document.title="t"})()';
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'assets/app.js'), script);
writeFileSync(path.join(dir, 'assets/app.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dir, 'assets/plain.js'), script);
writeFileSync(
  path.join(dir, 'index.html'),
  `<head><script>${preload}</script><script type="module" src="/keebshop/assets/app.js"></script></head>`,
);

const web = await createWebAssets(dir);
const app = new Hono();
app.get('/keebshop/assets/*', web.assets);
const get = (file: string, acceptEncoding: string) =>
  app.request(`/keebshop/assets/${file}`, { headers: { 'Accept-Encoding': acceptEncoding } });

describe('web assets', () => {
  it("sends the build's Brotli copy to a browser that accepts br", async () => {
    const res = await get('app.js', 'gzip, deflate, br, zstd');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('sends the file itself to others, and when there is no copy', async () => {
    const gzipOnly = await get('app.js', 'gzip');
    expect(gzipOnly.headers.get('content-encoding')).toBeNull();
    expect(await gzipOnly.text()).toBe(script);
    const noCopy = await get('plain.js', 'br');
    expect(noCopy.headers.get('content-encoding')).toBeNull();
    expect(await noCopy.text()).toBe(script);
  });

  it("hashes index.html's inline scripts for the policy", () => {
    expect(web.scriptHashes).toHaveLength(1);
    expect(web.scriptHashes?.[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});
