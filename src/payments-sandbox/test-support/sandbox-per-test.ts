// For the sandbox's tests: a fresh sandbox for each test of a file. Apart from test-support.ts
// because it calls Vitest's hooks, and the Playwright specs import test-support.ts.
import { afterEach, beforeEach } from 'vitest';
import type { SandboxOptions } from '../index.ts';
import { startSandbox, tempDir, type Started } from '../test-support.ts';

/**
 * Before each test: a sandbox on its own data dir (`options` gets the dir), handed to `use`; after
 * it: the sandbox stopped and the dir removed. Hooks the file registers later run after these
 * before a test (and before these after it), so they can set the sandbox up.
 */
export function sandboxPerTest(
  use: (sb: Started) => void,
  options: (dataDir: string) => Partial<SandboxOptions> = () => ({}),
): void {
  let dir: ReturnType<typeof tempDir>;
  let sb: Started;
  beforeEach(async () => {
    dir = tempDir();
    sb = await startSandbox(dir.dir, options(dir.dir));
    use(sb);
  });
  afterEach(async () => {
    await sb.close();
    dir.remove();
  });
}
