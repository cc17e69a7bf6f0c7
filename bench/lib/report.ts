// The one report of a full `npm run bench`: bench/results/report.json and docs/benchmarks.md,
// written from the results of that run only (so every ratio compares figures taken side by side).
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PageScore } from '../benchmarks/lighthouse.ts';
import { chooseGenerator } from '../benchmarks/api-wrk.ts';
import { overBudget, type BenchResult, type Metric } from '../types.ts';
import { root } from '../../src/server/test-support/launch.ts';
import { formatValue } from './table.ts';

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  os: string;
  node: string;
  commit: string;
  /** The HTTP load generator of the api benchmark: wrk when installed, else autocannon. */
  httpLoad: string;
  /** 1-minute load average when the run started and ended: other processes inflate timings. */
  loadAverage: { start: number; end: number };
}

/** What the report says about the machine; call at the start of the run for the load average. */
export function machineAtStart(): Omit<Machine, 'loadAverage'> & { loadStart: number } {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    // Not a git checkout.
  }
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1e9),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    commit,
    httpLoad: chooseGenerator().version ?? 'autocannon (wrk not installed)',
    loadStart: os.loadavg()[0] ?? 0,
  };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const verdict = (m: Metric) => (m.budget ? (overBudget(m) ? '**missed**' : 'met') : '');
const budgetText = (m: Metric) =>
  [
    m.budget?.max !== undefined ? `≤ ${formatValue(m.budget.max, m.unit)}` : '',
    m.budget?.min !== undefined ? `≥ ${formatValue(m.budget.min, m.unit)}` : '',
  ]
    .filter(Boolean)
    .join(', ');

function metricsTable(metrics: Metric[]): string {
  return table(
    ['metric', 'value', 'budget', ''],
    metrics.map((m) => [m.name, formatValue(m.value, m.unit), budgetText(m), verdict(m)]),
  );
}

/**
 * "<target> <what> throughput|/ ceiling|/ database alone|p50|p99|failed" metrics as one row per
 * target and what; the database-alone column only when some row has it. "<target> <what> / order
 * history" (the product page's throughput against the order history's) goes below the table.
 */
function throughputTable(metrics: Metric[]): string | undefined {
  const rows = new Map<string, Record<string, Metric>>();
  const ceilings: string[] = [];
  const toHistory: string[] = [];
  for (const m of metrics) {
    const ceiling = /^(\S+) hello ceiling$/.exec(m.name);
    if (ceiling) {
      ceilings.push(`${ceiling[1]}: ${formatValue(m.value, m.unit)}`);
      continue;
    }
    const beside = /^(\S+) (.+) \/ order history$/.exec(m.name);
    if (beside) {
      const least = m.budget?.min === undefined ? '' : ` (≥ ${m.budget.min}×: ${verdict(m)})`;
      toHistory.push(`${beside[1]}: ${beside[2]} ${m.value.toFixed(2)}×${least}`);
      continue;
    }
    const match =
      /^(\S+) (.+) (throughput|\/ ceiling|\/ database alone|p50|p99|failed|machine CPU per request|server's CPU per request)$/.exec(
        m.name,
      );
    if (!match) return undefined;
    const key = `${match[1]} | ${match[2]}`;
    rows.set(key, { ...rows.get(key), [match[3]!]: m });
  }
  if (rows.size === 0) return undefined;
  // Ratios to the ceiling are often under 1 %: one decimal.
  const cell = (m: Metric | undefined) =>
    !m ? '' : m.unit === 'ratio' ? `${(m.value * 100).toFixed(1)} %` : formatValue(m.value, m.unit);
  const withBudget = (m: Metric | undefined) =>
    `${cell(m)}${m?.budget ? ` (${budgetText(m)}: ${verdict(m)})` : ''}`;
  const alone = [...rows.values()].some((r) => r['/ database alone']);
  const cpu = [...rows.values()].some((r) => r['machine CPU per request']);
  const cpuCell = (r: Record<string, Metric>) =>
    [r['machine CPU per request'], r["server's CPU per request"]]
      .filter((m): m is Metric => m !== undefined)
      .map((m) => cell(m))
      .join(' / ');
  const body = [...rows].map(([key, r]) => [
    ...key.split(' | '),
    withBudget(r.throughput),
    withBudget(r['/ ceiling']),
    ...(alone ? [withBudget(r['/ database alone'])] : []),
    cell(r.p50),
    withBudget(r.p99),
    cell(r.failed),
    ...(cpu ? [cpuCell(r)] : []),
  ]);
  const head = ['database', 'request', 'throughput', 'of the node:http ceiling'];
  return [
    table(
      [
        ...head,
        ...(alone ? ['of the database alone'] : []),
        'p50',
        'p99',
        'failed',
        ...(cpu ? ['CPU per request: machine / server'] : []),
      ],
      body,
    ),
    '',
    `Bare \`node:http\` hello-world ceiling measured in the same run: ${ceilings.join('; ')}.`,
    ...(toHistory.length > 0
      ? ['', `Requests/s against order history's, in the same run: ${toHistory.join('; ')}.`]
      : []),
  ].join('\n');
}

function lighthouseSection(result: BenchResult): string {
  const details = result.details as {
    scores: PageScore[];
    runs: number;
    photos?: string;
    earlierStorefront: { mobilePerformance: [number, number]; lcpSeconds: [number, number] };
  };
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const body = details.scores.map((p) => [
    p.label,
    p.preset,
    `${p.performance} (runs: ${p.performanceRuns.join(', ')})`,
    p.accessibility,
    p.bestPractices,
    p.seo,
    s(p.lcpMs),
    s(p.fcpMs),
    `${Math.round(p.tbtMs)} ms`,
    p.cls.toFixed(3),
  ]);
  const mobile = details.scores.filter((p) => p.preset === 'mobile');
  const perf = mobile.map((p) => p.performance);
  const lcp = mobile.map((p) => p.lcpMs);
  const [earlierLow, earlierHigh] = details.earlierStorefront.mobilePerformance;
  const [lcpLow, lcpHigh] = details.earlierStorefront.lcpSeconds;
  const failing = details.scores.flatMap((p) =>
    p.failing.map(
      (f) =>
        `- ${p.preset} ${p.label}, ${f.category}: ${f.title}${f.value ? ` (${f.value})` : ''}, score ${f.score}`,
    ),
  );
  return [
    table(
      [
        'page',
        'preset',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'LCP',
        'FCP',
        'TBT',
        'CLS',
      ],
      body,
    ),
    '',
    `Each page and preset ran ${details.runs} time${details.runs === 1 ? '' : 's'}; the run with the median performance score is shown.${details.photos ? ` Photos in place: ${details.photos}.` : ''}`,
    '',
    `**Beside the earlier storefront** (mobile): performance ${Math.min(...perf)}–${Math.max(...perf)} against ${earlierLow}–${earlierHigh}; ` +
      `largest contentful paint ${s(Math.min(...lcp))}–${s(Math.max(...lcp))} against ${lcpLow}–${lcpHigh} s.`,
    '',
    failing.length > 0
      ? `Audits below 0.9 in the reported runs:\n\n${failing.join('\n')}`
      : 'Every weighted audit scored 0.9 or more in the reported runs.',
  ].join('\n');
}

const TITLES: Record<string, string> = {
  'first-load': 'First load (the home page)',
  server: 'Server start-up and idle memory',
  api: 'API throughput and latency',
  checkout: 'Checkout: creating and confirming sessions',
  lighthouse: 'Lighthouse',
};

/** The line of docs/benchmarks.md after which a run writes its results; the guide above is kept. */
export const RESULTS_MARKER =
  '<!-- Everything below is written by a full `npm run bench`; the text above is kept. -->';

/** Writes bench/results/report.json and the results part of docs/benchmarks.md from this run. */
export async function writeReport(
  results: readonly BenchResult[],
  start: ReturnType<typeof machineAtStart>,
): Promise<string> {
  const { loadStart, ...rest } = start;
  const machine: Machine = {
    ...rest,
    loadAverage: { start: loadStart, end: os.loadavg()[0] ?? 0 },
  };
  const generatedAt = new Date().toISOString();
  await writeFile(
    path.join(root, 'bench/results/report.json'),
    `${JSON.stringify({ generatedAt, machine, results }, null, 2)}\n`,
  );
  const budgets = results.flatMap((r) => r.metrics.filter((m) => m.budget).map((m) => ({ r, m })));
  const sections = results.map((r) => {
    const body =
      r.name === 'lighthouse'
        ? lighthouseSection(r)
        : (throughputTable(r.metrics) ?? metricsTable(r.metrics));
    const method = typeof r.details?.method === 'string' ? `\n\n${r.details.method}` : '';
    return `### ${TITLES[r.name] ?? r.name}\n\n${r.description}. Took ${Math.round(r.durationMs / 1000)} s.\n\n${body}${method}`;
  });
  const missed = budgets.filter(({ m }) => overBudget(m));
  const doc = [
    `Generated by \`npm run bench\` on ${generatedAt.slice(0, 16).replace('T', ' ')} UTC at commit ${machine.commit}; ` +
      'every figure below comes from that one run (regenerate it rather than editing it). Raw results: ' +
      '`bench/results/*.json` and `bench/results/report.json`.',
    '',
    '### Machine',
    '',
    `${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}, HTTP load from ${machine.httpLoad}. ` +
      `Load average (1 min) ${machine.loadAverage.start.toFixed(1)} at the start and ${machine.loadAverage.end.toFixed(1)} at the end: ` +
      'other processes on the machine slow every figure down, ratios to the ceiling measured beside them less so.',
    '',
    '### Budgets',
    '',
    missed.length === 0
      ? `All ${budgets.length} budgets met.`
      : `${budgets.length - missed.length} of ${budgets.length} budgets met; missed: ${missed.map(({ r, m }) => `${r.name} ${m.name} (${formatValue(m.value, m.unit)}, ${budgetText(m)})`).join('; ')}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  const file = path.join(root, 'docs/benchmarks.md');
  const current = await readFile(file, 'utf8').catch(() => '');
  const at = current.indexOf(RESULTS_MARKER);
  const guide = at < 0 ? '# Benchmarks\n\n## Latest results\n\n' : current.slice(0, at);
  await writeFile(file, `${guide}${RESULTS_MARKER}\n\n${doc}`);
  return file;
}
