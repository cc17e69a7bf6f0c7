import { describe, expect, it } from 'vitest';
import { readAppConfig } from './config.ts';

function page(tag: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = tag;
  return doc;
}

describe('readAppConfig', () => {
  it('reads the URL and the anon key from the app-config tag', () => {
    const doc = page(
      '<script type="application/json" id="app-config">{"supabaseUrl":"http://localhost:3000","supabaseAnonKey":"sb_publishable_x\\u003c"}</script>',
    );
    expect(readAppConfig(doc)).toEqual({
      supabaseUrl: 'http://localhost:3000',
      supabaseAnonKey: 'sb_publishable_x<',
    });
  });

  it('throws a clear error when the tag is missing or incomplete', () => {
    expect(() => readAppConfig(page(''))).toThrow('The page has no app-config tag');
    expect(() =>
      readAppConfig(page('<script type="application/json" id="app-config">{nope</script>')),
    ).toThrow('not valid JSON');
    expect(() =>
      readAppConfig(
        page('<script type="application/json" id="app-config">{"supabaseUrl":"x"}</script>'),
      ),
    ).toThrow('no valid supabaseUrl');
  });
});
