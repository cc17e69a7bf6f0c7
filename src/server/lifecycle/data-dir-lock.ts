// One process per DATA_DIR (docs/decisions/0016-data-dir-lock.md): a pid file inside the directory,
// taken with link(2) (atomic, never half-written), judged stale when its process is gone; and on
// Linux an operating-system lock beside it (os-lock.ts), which deleting the file does not remove.
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { takeOsLock } from './os-lock.ts';
import { errorCode, oneLine, StartupError } from './startup-error.ts';

/** The lock's file name inside DATA_DIR. */
export const LOCK_FILE = 'keebshop.lock';

/** What the lock file says about the process holding it. */
interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused PID is not taken for it. */
  startTime: string | null;
  /** The kernel's boot id (Linux): a lock from before a reboot is stale whatever its PID. */
  bootId: string | null;
  /** device:inode of the directory: a copy of DATA_DIR (a restored snapshot) does not inherit the lock. */
  dir: string;
  host: string;
  since: string;
}

export interface DataDirLock {
  /** Removes the lock file if it is still this process's. Also runs at process exit. */
  release(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readOr<T>(file: string, fallback: T): string | T {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name): the start time. */
function processStartTime(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`, null);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const bootId = () => readOr('/proc/sys/kernel/random/boot_id', null)?.trim() ?? null;

function directoryId(dir: string): string {
  const st = statSync(dir);
  return `${st.dev}:${st.ino}`;
}

function parse(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    return Number.isSafeInteger(h.pid) && typeof h.dir === 'string' ? (h as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether the process the lock names still runs and still holds this very directory. */
function holds(holder: Holder, dirId: string): boolean {
  if (holder.dir !== dirId) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if (errorCode(err) !== 'EPERM') return false;
  }
  const started = processStartTime(holder.pid);
  return !(holder.startTime && started && holder.startTime !== started);
}

/** Why DATA_DIR cannot be created or written, as the one line main.ts prints. */
function unusable(dir: string, err: unknown): StartupError {
  const code = errorCode(err);
  const cause =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? `not writable by this process (user ${os.userInfo().username})`
      : code === 'ENOSPC'
        ? 'its disk is full'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'not a directory'
          : code === 'ENOENT'
            ? // Where mkdir(2) or creat(2) answers ENOENT under an existing directory: /proc, /sys.
              'no directory or file can be created there (a pseudo file system, or a dangling link?)'
            : oneLine(err);
  return new StartupError(`DATA_DIR ${dir} cannot be used: ${cause} (${code ?? 'error'}).`);
}

/**
 * `mkdir -p`, one level at a time. Not Node's recursive mkdir: where mkdir(2) answers ENOENT
 * although the parent exists (/proc, /sys, a dangling link), it creates the parent and tries again,
 * forever, at full CPU (DATA_DIR=/proc/x hung the start). Here that ENOENT is thrown.
 */
function makeDirectory(dir: string): void {
  const parent = path.dirname(dir);
  if (parent !== dir && !existsSync(parent)) makeDirectory(parent);
  try {
    mkdirSync(dir);
  } catch (err) {
    if (errorCode(err) !== 'EEXIST') throw err;
  }
}

/**
 * Takes DATA_DIR for this process, creating the directory if needed. Throws a StartupError naming
 * the process that holds it; a lock whose process is gone (killed, even with SIGKILL) is replaced.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const lockPath = path.join(dir, LOCK_FILE);
  const mine = `${lockPath}.${process.pid}`;
  let dirId: string;
  try {
    // Creating the directory and writing this file into it is the probe that DATA_DIR is usable.
    makeDirectory(dir);
    dirId = directoryId(dir);
    const me: Holder = {
      pid: process.pid,
      startTime: processStartTime(process.pid),
      bootId: bootId(),
      dir: dirId,
      host: os.hostname(),
      since: new Date().toISOString(),
    };
    writeFileSync(mine, `${JSON.stringify(me)}\n`, { flush: true });
  } catch (err) {
    throw unusable(dir, err);
  }
  const ours = readFileSync(mine, 'utf8');
  // The operating system's lock first: it holds even when the lock file was deleted.
  const osLock = await takeOsLock(dirId).catch((err: unknown) => {
    unlinkSync(mine);
    throw unusable(dir, err);
  });
  if (osLock === 'taken') {
    unlinkSync(mine);
    const holder = parse(readOr(lockPath, ''));
    const who = holder ? `process ${holder.pid} (since ${holder.since})` : 'another process';
    throw new StartupError(
      `DATA_DIR ${dir} is in use by ${who}: one DATA_DIR, one process; stop that one first.`,
    );
  }
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        linkSync(mine, lockPath);
        break;
      } catch (err) {
        if (errorCode(err) !== 'EEXIST') throw unusable(dir, err);
      }
      const text = readOr(lockPath, null);
      if (text === null) continue; // released in the meantime
      const holder = parse(text);
      if (holder && holds(holder, dirId)) {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by process ${holder.pid} (since ${holder.since}): one DATA_DIR, one process; stop that one first.`,
        );
      }
      await removeStale(lockPath, text);
      if (attempt === 49) throw new StartupError(`DATA_DIR ${dir}: could not take ${lockPath}.`);
    }
  } catch (err) {
    osLock?.release();
    throw err;
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      // already gone
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readOr(lockPath, null) === ours) unlinkSync(lockPath);
    osLock?.release();
  };
  process.once('exit', release);
  return { release };
}

/**
 * Removes the stale lock whose text was read, unless another process replaced it meanwhile. Two
 * starters that both found it stale take turns through a directory (mkdir is atomic), so the
 * second cannot delete the lock the first has just taken. A turn left by a killed starter expires.
 */
async function removeStale(lockPath: string, staleText: string): Promise<void> {
  const turn = `${lockPath}.breaking`;
  for (;;) {
    try {
      mkdirSync(turn);
      break;
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
      const age = Date.now() - (statSync(turn, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10_000)
        rmSync(turn, { recursive: true, force: true }); // no error if another did it first
      else await sleep(20);
    }
  }
  try {
    if (readOr(lockPath, null) === staleText) unlinkSync(lockPath);
  } finally {
    rmdirSync(turn);
  }
}
