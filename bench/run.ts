// `npm run bench [-- --only=name[,name]] [-- --check]`: runs the registered benchmarks, writes
// bench/results/<name>.json, prints a table, and with --check exits 1 when a budget is exceeded.
// A run of every benchmark (no --only) also writes the report: docs/benchmarks.md.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from './registry.ts';
import { machineAtStart, writeReport } from './lib/report.ts';
import { formatTable } from './lib/table.ts';
import { overBudget, type BenchResult } from './types.ts';

const resultsDir = path.join(import.meta.dirname, 'results');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      check: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
    },
  });
  if (values.list) {
    for (const b of benchmarks) console.log(`${b.name}\t${b.description}`);
    return 0;
  }

  const wanted = values.only
    ?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = wanted?.filter((n) => !benchmarks.some((b) => b.name === n)) ?? [];
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark: ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
    return 2;
  }
  const selected = wanted ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;

  await mkdir(resultsDir, { recursive: true });
  const machine = machineAtStart();
  const results: BenchResult[] = [];
  for (const bench of selected) {
    console.log(`Running ${bench.name}: ${bench.description}`);
    const startedAt = new Date();
    const outcome = await bench.run();
    const result: BenchResult = {
      name: bench.name,
      description: bench.description,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      node: process.version,
      ...outcome,
    };
    const file = path.join(resultsDir, `${bench.name}.json`);
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
    results.push(result);
  }

  console.log(`\n${formatTable(results)}`);
  if (!wanted) {
    const report = await writeReport(results, machine);
    console.log(`\nWrote ${path.relative(process.cwd(), report)}`);
  }
  const over = results.flatMap((r) =>
    r.metrics.filter(overBudget).map((m) => `${r.name}: ${m.name}`),
  );
  if (over.length > 0) {
    console.log(`\nOver budget: ${over.join('; ')}`);
    if (values.check) return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
