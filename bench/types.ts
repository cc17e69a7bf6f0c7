/** One number a benchmark reports, with an optional budget that `--check` enforces. */
export interface Metric {
  name: string;
  value: number;
  unit: 'bytes' | 'ms' | 'µs' | 'ratio' | 'count' | 'req/s' | 'score';
  /** Exceeded when value > max or value < min. */
  budget?: { max?: number; min?: number };
  note?: string;
}

/** What a benchmark module returns from one run. */
export interface BenchOutcome {
  metrics: Metric[];
  /** Anything worth keeping in the JSON result (per-file sizes, raw samples...). */
  details?: Record<string, unknown>;
}

/** A benchmark module: register it in bench/registry.ts. */
export interface Benchmark {
  name: string;
  description: string;
  run: () => Promise<BenchOutcome>;
}

/** The JSON written to bench/results/<name>.json. */
export interface BenchResult extends BenchOutcome {
  name: string;
  description: string;
  startedAt: string;
  durationMs: number;
  node: string;
}

/** True when the metric has a budget and the value is outside it. */
export function overBudget(metric: Metric): boolean {
  const { budget } = metric;
  if (!budget) return false;
  return (
    (budget.max !== undefined && metric.value > budget.max) ||
    (budget.min !== undefined && metric.value < budget.min)
  );
}
