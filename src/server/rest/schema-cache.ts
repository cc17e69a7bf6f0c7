import type { Queryable } from '../db/types.ts';

/** A table or view of the public schema with its columns, in table order. */
export interface TableInfo {
  name: string;
  columns: Map<string, string>;
  /** Each column's default expression as the catalog prints it (generated columns excluded). */
  defaults: Map<string, string>;
  /** What the relation itself allows (a GROUP BY view allows no writes); grants decide the rest. */
  writable: { insert: boolean; update: boolean; delete: boolean };
}

/** A named argument a function takes (IN, INOUT or VARIADIC). */
export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

/** A function of the public schema, as far as calling it by named arguments needs. */
export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnsVoid: boolean;
  volatile: boolean;
  /** False when an input argument has no name: PostgREST cannot call those by name. */
  callable: boolean;
}

/** What the data API may reach: only the public schema, read from pg_catalog. */
export interface SchemaSnapshot {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
}

const TABLES_SQL = `
  SELECT c.relname AS table_name, a.attname AS column_name,
         format_type(a.atttypid, a.atttypmod) AS column_type,
         CASE WHEN a.attgenerated = '' THEN pg_catalog.pg_get_expr(d.adbin, d.adrelid) END AS column_default,
         pg_catalog.pg_relation_is_updatable(c.oid, false) AS updatable
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'f', 'p')
  ORDER BY c.relname, a.attnum`;

const FUNCTIONS_SQL = `
  SELECT p.proname AS name, p.proretset AS returns_set, p.provolatile = 'v' AS volatile,
         p.pronargs AS nargs, p.pronargdefaults AS ndefaults,
         (p.prorettype = 'pg_catalog.void'::regtype) AS returns_void,
         array(SELECT format_type(t.oid_, NULL)
               FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY AS t(oid_, i)
               ORDER BY t.i) AS arg_types,
         coalesce(p.proargnames, ARRAY[]::text[]) AS arg_names,
         coalesce(p.proargmodes::text[], ARRAY[]::text[]) AS arg_modes
  FROM pg_catalog.pg_proc p
  JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND p.prokind = 'f'
  ORDER BY p.proname, p.oid`;

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatile: boolean;
  nargs: number;
  ndefaults: number;
  returns_void: boolean;
  arg_types: string[];
  arg_names: string[];
  arg_modes: string[];
}

function toFunctionInfo(row: FunctionRow): FunctionInfo {
  const inputs: { name: string; type: string }[] = [];
  row.arg_types.forEach((type, i) => {
    const mode = row.arg_modes[i] ?? 'i';
    if (mode === 'i' || mode === 'b' || mode === 'v')
      inputs.push({ name: row.arg_names[i] ?? '', type });
  });
  const firstDefault = Number(row.nargs) - Number(row.ndefaults);
  const args = inputs.map((a, i) => ({ ...a, hasDefault: i >= firstDefault }));
  return {
    name: row.name,
    args,
    returnsSet: row.returns_set,
    returnsVoid: row.returns_void,
    volatile: row.volatile,
    callable: args.every((a) => a.name !== ''),
  };
}

/** Reads the public schema's tables, columns and functions. */
export async function loadSchema(db: Queryable): Promise<SchemaSnapshot> {
  const tables = new Map<string, TableInfo>();
  const columnRows = await db.query<{
    table_name: string;
    column_name: string;
    column_type: string;
    column_default: string | null;
    updatable: number;
  }>(TABLES_SQL);
  for (const row of columnRows.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      // pg_relation_is_updatable's bits are 1 << CmdType: UPDATE 2, INSERT 3, DELETE 4.
      const mask = Number(row.updatable);
      const writable = {
        insert: (mask & 8) !== 0,
        update: (mask & 4) !== 0,
        delete: (mask & 16) !== 0,
      };
      table = { name: row.table_name, columns: new Map(), defaults: new Map(), writable };
      tables.set(row.table_name, table);
    }
    table.columns.set(row.column_name, row.column_type);
    if (row.column_default !== null) table.defaults.set(row.column_name, row.column_default);
  }
  const functions = new Map<string, FunctionInfo[]>();
  const functionRows = await db.query<FunctionRow>(FUNCTIONS_SQL);
  for (const row of functionRows.rows) {
    const info = toFunctionInfo(row);
    functions.set(info.name, [...(functions.get(info.name) ?? []), info]);
  }
  return { tables, functions };
}

/**
 * The schema cache. Loaded on first use; a lookup that misses reloads it (at most once per
 * `minReloadMs`), so objects created by a later migration become reachable without a restart
 * while a flood of requests for unknown names cannot turn into a flood of pg_catalog queries.
 */
export class SchemaCache {
  private snapshot: Promise<SchemaSnapshot> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly minReloadMs = 2_000,
  ) {}

  /** The current snapshot, loading it if needed. */
  current(): Promise<SchemaSnapshot> {
    if (!this.snapshot) {
      this.loadedAt = Date.now();
      const loading = loadSchema(this.db);
      this.snapshot = loading;
      // A failed load must not stick: the next request tries again.
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  /** Drops the cached snapshot; the next lookup reads pg_catalog again. */
  refresh(): void {
    this.snapshot = undefined;
  }

  /** Finds a table or view of the public schema. */
  async table(name: string): Promise<TableInfo | undefined> {
    return this.lookup((s) => s.tables.get(name));
  }

  /** Finds the functions of the public schema with this name (overloads). */
  async functions(name: string): Promise<FunctionInfo[] | undefined> {
    return this.lookup((s) => s.functions.get(name));
  }

  private async lookup<T>(pick: (s: SchemaSnapshot) => T | undefined): Promise<T | undefined> {
    const found = pick(await this.current());
    if (found !== undefined || Date.now() - this.loadedAt < this.minReloadMs) return found;
    this.refresh();
    return pick(await this.current());
  }
}
