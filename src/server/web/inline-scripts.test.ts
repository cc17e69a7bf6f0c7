import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineStyleHashes } from './inline-scripts.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written between its tags', () => {
    const code = '(()=>{const r={"a":[0]};document.title="é"})()';
    const html = `<head><script>${code}</script><script type="module">import "./x.js"</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(code), sha256('import "./x.js"')]);
  });

  it('leaves out scripts with a src and data blocks such as the app config', () => {
    const html =
      '<script type="module" crossorigin src="/keebshop/assets/index.js"></script>' +
      '<script type="application/json" id="app-config">{"a":1}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('names a script once however often it appears, and none for a page without', () => {
    expect(inlineScriptHashes('<script>1</script><script>1</script>')).toEqual([sha256('1')]);
    expect(inlineScriptHashes('<!doctype html><title>t</title>')).toEqual([]);
  });
});

describe('inlineStyleHashes', () => {
  it('hashes each inline style element, once, and no stylesheet link', () => {
    const css = '.a{color:red}';
    const html =
      `<head><style>${css}</style><style>${css}</style>` +
      '<link rel="stylesheet" href="/keebshop/assets/index.css"></head>';
    expect(inlineStyleHashes(html)).toEqual([sha256(css)]);
  });
});
