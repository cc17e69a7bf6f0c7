// The build writes the PGlite template's marker (scripts/build-pgdata-template.mjs) and the server
// compares it with its own (src/server/db/pglite-template.ts): two files, one rule. Were they to
// differ, every new DATA_DIR would quietly run initdb instead of copying the template.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateMarker } from '../../scripts/build-pgdata-template.mjs';
import { expectedMarker } from '../../src/server/db/pglite-template.ts';

describe('the PGlite template marker', () => {
  it('is the same when the build writes it and when the server checks it', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    expect(templateMarker(root)).toEqual(expectedMarker());
  });
});
