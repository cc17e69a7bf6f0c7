// Every relative link in the README and under docs/ reaches a file of the repository, and a link to
// a section (`product.md#checkout`) reaches a heading of that file, as GitHub names its anchors.
// Code and tests cite these sections, so a renamed heading must not leave them dangling.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = anchorOf(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a file: [text](target), outside code blocks and code spans. */
function linksOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

const files = ['README.md', ...markdownFiles('docs')];

it('finds the documents to check', () => {
  expect(files).toContain('docs/product.md');
  expect(files).toContain('docs/operations.md');
});

it.each(files)('%s links only to files and sections that exist', (file) => {
  const broken: string[] = [];
  for (const link of linksOf(file)) {
    const [target, anchor] = link.split('#') as [string, string | undefined];
    const resolved = target === '' ? file : path.join(path.dirname(file), target);
    if (!existsSync(path.join(root, resolved))) {
      broken.push(`${link}: no such file`);
    } else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
      broken.push(`${link}: no such section in ${resolved}`);
    }
  }
  expect(broken).toEqual([]);
});

/** The files of the repository that may cite a document's section in comments and test titles. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(name) ? [file] : [];
  });
}

it('cites sections of the docs by headings that exist ("docs/product.md, Checkout")', () => {
  const headings = new Map(
    ['docs/product.md', 'docs/operations.md', 'docs/benchmarks.md'].map((doc) => {
      const text = readFileSync(path.join(root, doc), 'utf8');
      return [doc, [...text.matchAll(/^#{2,3}\s+(.+)$/gm)].map((m) => m[1]!)];
    }),
  );
  const wrong: string[] = [];
  let citations = 0;
  for (const file of ['src', 'tests', 'bench', 'scripts'].flatMap(sourceFiles)) {
    // A comment may wrap a citation onto its next line.
    const text = readFileSync(path.join(root, file), 'utf8').replace(/\n\s*(\/\/|\*)\s*/g, ' ');
    for (const m of text.matchAll(/(docs\/\w+\.md), ([A-Z][^,.:;)'\n]*)/g)) {
      const [, doc, section] = m as unknown as [string, string, string];
      citations += 1;
      const names = headings.get(doc) ?? [];
      if (!names.some((name) => section.startsWith(name)))
        wrong.push(`${file}: ${doc}, ${section}`);
    }
  }
  expect(citations).toBeGreaterThan(20);
  expect(wrong).toEqual([]);
});
