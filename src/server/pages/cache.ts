// Rendered pages kept in memory (docs/decisions/0049-server-rendered-product-pages.md). An entry
// holds while the catalogue's version (public.catalogue_version) is the one it was rendered at,
// and for at most MAX_AGE_MS (stock is not in the version). The version is asked for at most once
// per VERSION_CHECK_MS per instance, so a change reaches every instance's pages within about a
// second, and a burst of requests costs one small query a second, not one each.
import type { Queryable } from '../db/types.ts';
import { readCatalogueVersion } from './read.ts';

export const VERSION_CHECK_MS = 1_000;
export const MAX_AGE_MS = 30_000;
/** Enough for every page of a catalogue of a few hundred products; the oldest goes first. */
export const MAX_ENTRIES = 1_000;

/** A rendered answer: a page (200, 404, 410), a redirect, or an image. */
export interface CachedAnswer {
  status: 200 | 301 | 404 | 410;
  body: string | Uint8Array;
  contentType: string;
  location?: string;
  /** A page's body compressed once, when it was rendered, for browsers that accept either. */
  encoded?: { br: Uint8Array; gzip: Uint8Array };
}

interface Entry {
  version: string;
  renderedAt: number;
  answer: Promise<CachedAnswer>;
}

export interface PageCache {
  /** The answer for `key`: kept, or made by `render` (once, however many ask at the same time). */
  get(key: string, render: () => Promise<CachedAnswer>): Promise<CachedAnswer>;
}

export function createPageCache(db: Queryable, now: () => number = Date.now): PageCache {
  const entries = new Map<string, Entry>();
  let version: { value: string; checkedAt: number } | undefined;
  let checking: Promise<string> | undefined;

  function currentVersion(): Promise<string> {
    const at = now();
    if (version && at - version.checkedAt < VERSION_CHECK_MS) return Promise.resolve(version.value);
    checking ??= readCatalogueVersion(db)
      .then((value) => {
        version = { value, checkedAt: at };
        return value;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  return {
    async get(key, render) {
      const current = await currentVersion();
      const kept = entries.get(key);
      if (kept && kept.version === current && now() - kept.renderedAt < MAX_AGE_MS) {
        return kept.answer;
      }
      const entry: Entry = { version: current, renderedAt: now(), answer: render() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      // A failed render (the database went away) is not kept: the next request tries again.
      entry.answer.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.answer;
    },
  };
}
