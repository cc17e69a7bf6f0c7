import { overBudget, type BenchResult, type Metric } from '../types.ts';

/** Sizes in kilobytes of 1,000 bytes (megabytes of 1,000,000 from 10 MB), as budgets are given. */
export function formatValue(value: number, unit: Metric['unit']): string {
  switch (unit) {
    case 'bytes':
      if (value >= 10_000_000) return `${(value / 1_000_000).toFixed(1)} MB`;
      return `${(value / 1000).toFixed(1)} KB`;
    case 'ms':
      return `${Math.round(value)} ms`;
    case 'µs':
      return `${Math.round(value)} µs`;
    case 'ratio':
      return `${(value * 100).toFixed(0)} %`;
    case 'req/s':
      return `${Math.round(value)} req/s`;
    default:
      return String(value);
  }
}

function formatBudget(metric: Metric): string {
  const { budget } = metric;
  if (!budget) return '';
  const parts: string[] = [];
  if (budget.max !== undefined) parts.push(`≤ ${formatValue(budget.max, metric.unit)}`);
  if (budget.min !== undefined) parts.push(`≥ ${formatValue(budget.min, metric.unit)}`);
  return parts.join(', ');
}

/** A plain-text table of every metric: benchmark, metric, value, budget, verdict. */
export function formatTable(results: readonly BenchResult[]): string {
  const rows = [['benchmark', 'metric', 'value', 'budget', '']];
  for (const r of results) {
    for (const m of r.metrics) {
      const verdict = m.budget ? (overBudget(m) ? 'OVER' : 'ok') : '';
      rows.push([r.name, m.name, formatValue(m.value, m.unit), formatBudget(m), verdict]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}
