// Resident memory and CPU time of a process, and its children, read from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

/** VmRSS of `pid` in bytes; undefined when the process is gone or /proc has no such field. */
export function rssBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Fields of /proc/<pid>/stat after the command: "(comm)" may hold spaces and parentheses. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU time `pid` has used so far, user and system, all its threads, in milliseconds (clock ticks
 * of 10 ms, Linux's USER_HZ); undefined when the process is gone.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * CPU time the whole machine has been busy so far, all cores, in milliseconds: user, system and
 * interrupt time from /proc/stat, not idle or waiting; undefined off Linux.
 */
export function machineBusyMs(): number | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal ...
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const busy = [0, 1, 2, 5, 6, 7].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
    return Number.isFinite(busy) && ticks.length >= 8 ? busy * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `run` and reports the CPU time it took: the whole machine's (every process, the load
 * generator and the database included) and, with `pid`, that process's own, in milliseconds.
 */
export async function cpuDuring<T>(
  run: () => Promise<T>,
  pid?: number,
): Promise<{ result: T; machineMs?: number; processMs?: number }> {
  const machine0 = machineBusyMs();
  const process0 = pid === undefined ? undefined : cpuMs(pid);
  const result = await run();
  const machine1 = machineBusyMs();
  const process1 = pid === undefined ? undefined : cpuMs(pid);
  const diff = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : b - a);
  return { result, machineMs: diff(machine0, machine1), processMs: diff(process0, process1) };
}

/** A direct child of a process: its id and command line. */
export interface ChildProcessInfo {
  pid: number;
  command: string;
}

/** The direct children of `pid` (any process group), from each process's /proc/<id>/stat. */
export function childrenOf(pid: number): ChildProcessInfo[] {
  const children: ChildProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(statFields(name)[1]);
      if (ppid !== pid) continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      children.push({ pid: Number(name), command });
    } catch {
      // Ended meanwhile.
    }
  }
  return children;
}
