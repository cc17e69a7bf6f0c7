import { createHash } from 'node:crypto';
import path from 'node:path';
import { JsonCollection } from './store.ts';
import type { ObjectKind, ObjectOfKind, SandboxObject } from './types.ts';

/** An object as its file holds it; `seq` keeps the order stored across restarts. */
type Stored = { id: string; seq: number; record: SandboxObject };

// Coupon ids are the shop's own text (any case, dashes): a file is named by a hash of the id, so
// every id is a safe file name and `a` and `A` stay two files on a case-insensitive disk too.
const fileKey = (id: string) => `o_${createHash('sha256').update(id).digest('hex')}`;

/**
 * The file store's coupons, promotion codes and tax rates (the SandboxStore object methods), one
 * JSON file each under `objects/`. As for sessions, a check-and-set runs on memory with no await
 * before the write starts, so two requests cannot both revise one revision. Records are copied in
 * and out, so a caller changing one it read cannot change the store behind its back.
 */
export class FileObjects {
  private readonly objects: JsonCollection<Stored>;
  private objectSeq: number;

  constructor(dir: string) {
    this.objects = new JsonCollection(path.join(dir, 'objects'));
    this.objectSeq = this.objects.values().reduce((max, o) => Math.max(max, o.seq), 0);
  }

  async insertObject(record: SandboxObject): Promise<boolean> {
    if (this.objects.get(fileKey(record.id)) || this.codeTaken(record)) return false;
    const stored = {
      id: fileKey(record.id),
      seq: ++this.objectSeq,
      record: structuredClone(record),
    };
    await this.objects.set(stored);
    return true;
  }

  async getObject(id: string): Promise<SandboxObject | undefined> {
    const stored = this.objects.get(fileKey(id));
    return stored && structuredClone(stored.record);
  }

  async listObjects<K extends ObjectKind>(kind: K): Promise<ObjectOfKind<K>[]> {
    return this.objects
      .values()
      .filter((o) => o.record.kind === kind)
      .sort((a, b) => b.record.created - a.record.created || b.seq - a.seq)
      .map((o) => structuredClone(o.record) as ObjectOfKind<K>);
  }

  async reviseObject(record: SandboxObject, revision: number): Promise<boolean> {
    const current = this.objects.get(fileKey(record.id));
    if (!current || current.record.revision !== revision || this.codeTaken(record)) return false;
    await this.objects.set({ ...current, record: structuredClone(record) });
    return true;
  }

  protected flushObjects(): Promise<void> {
    return this.objects.flush();
  }

  /** Whether `record` is an active promotion code whose text another active code has. */
  private codeTaken(record: SandboxObject): boolean {
    if (record.kind !== 'promotion_code' || !record.active) return false;
    const code = record.code.toLowerCase();
    return this.objects
      .values()
      .some(
        ({ record: other }) =>
          other.kind === 'promotion_code' &&
          other.id !== record.id &&
          other.active &&
          other.code.toLowerCase() === code,
      );
  }
}
