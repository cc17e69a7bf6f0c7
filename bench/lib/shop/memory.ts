// The resident memory (RSS) of a server process while shoppers load it, read from Linux's
// /proc/<pid>/status every 250 ms: the process itself (not a wrapper), its peak, and the peak of its
// child processes (the development mailbox) apart. A peak that keeps climbing from the first half
// of the run to the second is what a leak looks like.
import { readFileSync } from 'node:fs';

const INTERVAL_MS = 250;
const MB = 1024;

export interface MemoryReport {
  pid: number;
  /** RSS when sampling started (the server ready and idle), MB. */
  startMb: number;
  /** The kernel's high-water mark (VmHWM) or the highest sample, whichever is higher, MB. */
  peakMb: number;
  /** Highest sample in the first and in the second half of the sampling, MB. */
  firstHalfPeakMb: number;
  secondHalfPeakMb: number;
  /** Highest sum of the child processes' RSS (the development mailbox), MB. */
  childrenPeakMb: number;
  samples: number;
}

export interface MemorySampler {
  /** Stops sampling; undefined where /proc cannot be read (not Linux). */
  stop(): MemoryReport | undefined;
}

/** A field of /proc/<pid>/status in kB, or undefined once the process is gone. */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+)`, 'm'),
    );
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function childrenKb(pid: number): number {
  let text = '';
  try {
    text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return 0;
  }
  return text
    .split(' ')
    .filter(Boolean)
    .reduce((sum, child) => sum + (statusKb(Number(child), 'VmRSS') ?? 0), 0);
}

/** Starts sampling the process `pid`. */
export function sampleMemory(pid: number): MemorySampler {
  const samples: number[] = [];
  let childrenPeak = 0;
  const take = () => {
    const rss = statusKb(pid, 'VmRSS');
    if (rss !== undefined) samples.push(rss);
    childrenPeak = Math.max(childrenPeak, childrenKb(pid));
  };
  take();
  const timer = setInterval(take, INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      const hwm = statusKb(pid, 'VmHWM') ?? 0;
      if (samples.length === 0) return undefined;
      const half = Math.ceil(samples.length / 2);
      const mb = (kb: number) => Math.round(kb / MB);
      return {
        pid,
        startMb: mb(samples[0]!),
        peakMb: mb(Math.max(hwm, ...samples)),
        firstHalfPeakMb: mb(Math.max(...samples.slice(0, half))),
        secondHalfPeakMb: mb(Math.max(...samples.slice(half))),
        childrenPeakMb: mb(childrenPeak),
        samples: samples.length,
      };
    },
  };
}
