// Types of build-pgdata-template.mjs (plain JavaScript, run by the build before anything compiles).
export function templateMarker(root: string): { pglite: string; initdb: string };
export function buildPgdataTemplate(root: string, outDir: string): Promise<string | null>;
