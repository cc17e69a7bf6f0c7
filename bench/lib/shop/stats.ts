import type { Recorder } from './client.ts';

export interface EndpointStats {
  endpoint: string;
  requests: number;
  errors: number;
  /** Requests per second over the measured duration. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errorSample?: string;
}

/** The value below which `p` (0..1) of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank]!;
}

/** Per-endpoint counts and latency percentiles (ms) of a run that lasted `seconds`. */
export function summarize(recorder: Recorder, seconds: number): EndpointStats[] {
  const names = new Set([...recorder.latencies.keys(), ...recorder.errors.keys()]);
  return [...names].map((endpoint) => {
    const sorted = [...(recorder.latencies.get(endpoint) ?? [])].sort((a, b) => a - b);
    const error = recorder.errors.get(endpoint);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      endpoint,
      requests: sorted.length,
      errors: error?.count ?? 0,
      rps: round(sorted.length / seconds),
      p50: round(percentile(sorted, 0.5)),
      p90: round(percentile(sorted, 0.9)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted.at(-1) ?? NaN),
      ...(error ? { errorSample: error.sample } : {}),
    };
  });
}

/** A plain-text table with one row per endpoint. */
export function formatEndpointTable(rows: readonly EndpointStats[]): string {
  const header = [
    'endpoint',
    'requests',
    'errors',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
  ];
  const body = rows.map((r) => [
    r.endpoint,
    String(r.requests),
    String(r.errors),
    r.rps.toFixed(1),
    r.p50.toFixed(0),
    r.p90.toFixed(0),
    r.p99.toFixed(0),
    r.max.toFixed(0),
  ]);
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
