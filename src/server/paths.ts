// Where the server finds the files it reads at run time (migrations, package.json). This module
// runs either as src/server/paths.ts (the TypeScript sources, under tsx or Vitest) or bundled into
// dist/server/main.js (the compiled server, docs/decisions/0033-compiled-server.md): both sit two
// directories below the repository's root, so one relative path serves both.
import path from 'node:path';

/** The repository's root, whatever the working directory. */
export const projectRoot = path.resolve(import.meta.dirname, '../..');

/** A path from the repository's root, e.g. fromRoot('supabase/migrations'). */
export function fromRoot(...segments: string[]): string {
  return path.join(projectRoot, ...segments);
}
