// The compiled server (scripts/build-server.mjs) compiles a few ES module packages into its
// bundle and leaves every other package to node_modules (docs/decisions/0033-compiled-server.md,
// "Addendum: packages in the bundle"). A CommonJS module compiled into an ES module bundle would
// fail at its first `require` of a built-in module, at run time: none may be in it.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACKAGES, serverBuildOptions } from '../../scripts/build-server.mjs';

describe('the compiled server bundle', () => {
  it('compiles in its listed packages, and no CommonJS module', async () => {
    const result = await build({
      ...serverBuildOptions('/tmp/keebshop-bundle-check'),
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    const packages = new Set(
      inputs
        .filter((file) => file.startsWith('node_modules/'))
        .map((file) => {
          const parts = file.split('/');
          return parts[1]!.startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1]!;
        }),
    );
    expect([...packages].sort()).toEqual([...BUNDLED_PACKAGES].sort());
    const js = result.outputFiles.filter((f) => f.path.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    for (const file of js) {
      expect(file.text, file.path).not.toMatch(/__commonJS|__require\(/);
    }
  });
});
