// The tiers of tests/tiers.ts stay true to the files: every suite that runs through
// databaseTargets() is one the PostgreSQL tier lists, every file that tier lists exists and does,
// and the process tier's suites are the ones that start processes. A new test file lands in the
// right tier or this test says where it belongs (docs/decisions/0041-test-strategy.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_TESTS } from '../tiers.ts';

const root = path.resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// This file names what it looks for, so it is left out of what it looks at.
const files = [...testFiles('src'), ...testFiles('tests')].filter(
  (f) => f !== 'tests/unit/test-tiers.test.ts',
);
// A file's code without its comments (which may well name what they are about).
const source = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
const isProcessTest = (file: string) => file.endsWith('.process.test.ts');
const runsOnEveryEngine = (file: string) => /\bdatabaseTargets\(\)/.test(source(file));
// What starts a process: the server, `npm start`, a private cluster, a script or a command.
const startsProcesses = (file: string) =>
  /\b(launchServer|spawnServer|startServerOnTmpfs|startPrivateCluster)\(/.test(source(file));

describe('the PostgreSQL tier', () => {
  it('lists every suite that runs on each engine of its tier', () => {
    const unlisted = files.filter(
      (f) => !isProcessTest(f) && runsOnEveryEngine(f) && !POSTGRES_TESTS.includes(f),
    );
    expect(unlisted, 'list these in tests/tiers.ts or use pgliteTarget').toEqual([]);
  });

  it('lists files that exist, run through databaseTargets() and start no process', () => {
    for (const file of POSTGRES_TESTS) {
      expect(files, `${file} is not a test file`).toContain(file);
      expect(runsOnEveryEngine(file), `${file} never calls databaseTargets()`).toBe(true);
      expect(isProcessTest(file), `${file} belongs to the process tier`).toBe(false);
    }
    expect(new Set(POSTGRES_TESTS).size).toBe(POSTGRES_TESTS.length);
  });
});

describe('the process tier', () => {
  it('holds every suite that starts the server or a cluster as a child process', () => {
    const misplaced = files.filter((f) => !isProcessTest(f) && startsProcesses(f));
    expect(misplaced, 'rename these to *.process.test.ts').toEqual([]);
  });

  it('holds nothing else', () => {
    const idle = files.filter(
      (f) => isProcessTest(f) && !startsProcesses(f) && !/execFile/.test(source(f)),
    );
    expect(idle, 'these start no process: give them a plain .test.ts name').toEqual([]);
  });
});
