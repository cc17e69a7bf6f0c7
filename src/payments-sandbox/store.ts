import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomAlnum } from './ids.ts';

const SAFE_ID = /^[A-Za-z0-9_]+$/;

/**
 * One JSON file per object under a directory, mirrored in memory. Reads are synchronous from the
 * map, so a check-and-set (paying a session, say) cannot interleave with another request. Writes go
 * to a temp file that is fsynced and renamed over the old one, so a crash leaves either the old or
 * the new version, never half of one. Writes to the same id are chained so the last one wins.
 */
export class JsonCollection<T extends { id: string }> {
  private readonly items = new Map<string, T>();
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      // A temp file is a write that never reached its rename: the previous version still stands.
      if (name.endsWith('.tmp')) rmSync(file, { force: true });
      else if (name.endsWith('.json')) {
        const item = JSON.parse(readFileSync(file, 'utf8')) as T;
        this.items.set(item.id, item);
      }
    }
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  values(): T[] {
    return [...this.items.values()];
  }

  /** Updates memory at once and resolves when the new version is durable on disk. */
  set(item: T): Promise<void> {
    if (!SAFE_ID.test(item.id)) throw new Error(`Unsafe id for a file name: ${item.id}`);
    this.items.set(item.id, item);
    const data = JSON.stringify(item);
    return this.chain(item.id, () => this.writeAtomically(item.id, data));
  }

  delete(id: string): Promise<void> {
    this.items.delete(id);
    return this.chain(id, () => rm(this.fileOf(id), { force: true }));
  }

  /** Resolves once every write started so far has finished. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
  }

  private chain(id: string, write: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(write);
    this.chains.set(id, next);
    const forget = () => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    };
    next.then(forget, forget);
    return next;
  }

  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  private async writeAtomically(id: string, data: string): Promise<void> {
    const file = this.fileOf(id);
    const temp = `${file}.${randomAlnum(8)}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  }
}
