import { describe, expect, it } from 'vitest';
import { JsonDepthScanner, withinJsonDepth } from './json-depth.ts';

describe('JsonDepthScanner', () => {
  it('counts arrays and objects together, up to and including the cap', () => {
    expect(withinJsonDepth('[]', 1)).toBe(true);
    expect(withinJsonDepth('[[]]', 1)).toBe(false);
    expect(withinJsonDepth('{"a":[{"b":1}]}', 3)).toBe(true);
    expect(withinJsonDepth('{"a":[{"b":1}]}', 2)).toBe(false);
    // Siblings do not add up: depth, not count.
    expect(withinJsonDepth(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(withinJsonDepth(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(true);
    expect(withinJsonDepth(JSON.stringify({ a: 'say \\"[[[[\\"' }), 1)).toBe(true);
    expect(withinJsonDepth(JSON.stringify({ a: 'ends in a backslash \\' }) + '[[', 1)).toBe(false);
    expect(withinJsonDepth(JSON.stringify(['ünïcödé [ 🎹 {']), 1)).toBe(true);
  });

  it('keeps its state across chunks split anywhere, even inside an escape', () => {
    const text = JSON.stringify({ note: 'a "quoted" [bracket] \\ and more', list: [[1], [2]] });
    const bytes = new TextEncoder().encode(text);
    for (let split = 0; split <= bytes.length; split++) {
      const fits = new JsonDepthScanner(3);
      expect(fits.push(bytes.subarray(0, split)) && fits.push(bytes.subarray(split))).toBe(true);
      const tight = new JsonDepthScanner(2);
      expect(tight.push(bytes.subarray(0, split)) && tight.push(bytes.subarray(split))).toBe(false);
    }
  });

  it('stops at the first byte past the cap of a megabyte of nesting', () => {
    const scanner = new JsonDepthScanner(32);
    expect(scanner.push(new TextEncoder().encode('['.repeat(32)))).toBe(true);
    expect(scanner.push(new TextEncoder().encode('['.repeat(1024 * 1024)))).toBe(false);
  });
});
