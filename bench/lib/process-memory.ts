// Resident memory of a process and of its children, read from /proc (Linux).
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
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      children.push({ pid: Number(name), command });
    } catch {
      // Ended meanwhile.
    }
  }
  return children;
}
