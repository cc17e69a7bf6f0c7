// For tests: checks a JSON value the sandbox sent against a type of stripe-schema.ts, recursively:
// every non-optional property present, each value of the declared primitive type or null only where
// the declaration allows it, string enums within the spec's values, no property the spec lacks.
import ts from 'typescript';

export type Finding = { path: string; problem: string };

/** Findings, and how many required properties were expected and how many were there. */
export type Report = { findings: Finding[]; required: number; present: number };

export const emptyReport = (): Report => ({ findings: [], required: 0, present: 0 });

export function mergeReport(into: Report, from: Report): void {
  into.findings.push(...from.findings);
  into.required += from.required;
  into.present += from.present;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const DECIMAL = /^-?\d+(\.\d+)?$/;

export class SchemaChecker {
  constructor(private readonly checker: ts.TypeChecker) {}

  check(type: ts.Type, value: unknown, at: string): Report {
    const report = emptyReport();
    this.visit(type, value, at, report);
    return report;
  }

  private visit(type: ts.Type, value: unknown, at: string, report: Report): void {
    const f = type.flags;
    const fail = (problem: string): void => void report.findings.push({ path: at, problem });
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
    if (type.isUnion()) return this.visitUnion(type, value, at, report);
    if (value === null) return void (f & ts.TypeFlags.Null || fail('null, not nullable'));
    if (type.isStringLiteral() || type.isNumberLiteral()) {
      if (value !== type.value)
        fail(`${JSON.stringify(value)}, expected ${JSON.stringify(type.value)}`);
      return;
    }
    if (f & ts.TypeFlags.BooleanLiteral) {
      const expected = this.checker.typeToString(type) === 'true';
      if (value !== expected) fail(`${JSON.stringify(value)}, expected ${expected}`);
      return;
    }
    if (f & ts.TypeFlags.Boolean)
      return void (typeof value === 'boolean' || fail(kindOf(value, 'boolean')));
    if (f & ts.TypeFlags.Number)
      return void (typeof value === 'number' || fail(kindOf(value, 'number')));
    if (f & ts.TypeFlags.String || this.isOtherString(type)) {
      return void (typeof value === 'string' || fail(kindOf(value, 'string')));
    }
    if (this.isDecimal(type)) {
      return void (
        (typeof value === 'string' && DECIMAL.test(value)) ||
        fail(kindOf(value, 'decimal string'))
      );
    }
    if (this.checker.isArrayType(type)) {
      if (!Array.isArray(value)) return fail(kindOf(value, 'array'));
      const element = this.checker.getTypeArguments(type as ts.TypeReference)[0]!;
      value.forEach((item, i) => this.visit(element, item, `${at}[${i}]`, report));
      return;
    }
    if (f & ts.TypeFlags.Object || type.isIntersection())
      return this.visitObject(type, value, at, report);
    fail(`unhandled type ${this.checker.typeToString(type)}`);
  }

  /** `string & Record<never, never>`: stripe-node's "a value the SDK does not list". */
  private isOtherString(type: ts.Type): boolean {
    return type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.String);
  }

  /** stripe-node's Decimal (DecimalImpl & {...}): a decimal string on the wire. */
  private isDecimal(type: ts.Type): boolean {
    return type.aliasSymbol?.name === 'Decimal';
  }

  private visitObject(type: ts.Type, value: unknown, at: string, report: Report): void {
    if (!isObject(value))
      return void report.findings.push({ path: at, problem: kindOf(value, 'object') });
    const props = this.checker.getPropertiesOfType(type);
    const index = this.checker.getIndexInfosOfType(type)[0];
    const known = new Set<string>();
    for (const prop of props) {
      known.add(prop.name);
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
      if (!optional) report.required += 1;
      if (!(prop.name in value)) {
        if (!optional) report.findings.push({ path: `${at}.${prop.name}`, problem: 'missing' });
        continue;
      }
      if (!optional) report.present += 1;
      this.visit(
        this.checker.getTypeOfSymbol(prop),
        value[prop.name],
        `${at}.${prop.name}`,
        report,
      );
    }
    // A type with no properties and no index signature ({}) says nothing about its keys.
    if (props.length === 0 && !index) return;
    for (const key of Object.keys(value).filter((k) => !known.has(k))) {
      if (index) this.visit(index.type, value[key], `${at}.${key}`, report);
      else report.findings.push({ path: `${at}.${key}`, problem: 'not in the spec' });
    }
  }

  private visitUnion(type: ts.UnionType, value: unknown, at: string, report: Report): void {
    const members = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    if (value === null) {
      if (!members.some((t) => t.flags & ts.TypeFlags.Null)) {
        report.findings.push({ path: at, problem: 'null, not nullable' });
      }
      return;
    }
    const candidates = members.filter((t) => this.couldBe(t, value));
    // An enum the SDK leaves open (OtherString) still lists the spec's values: keep to them.
    const literals = members.filter((t) => t.isStringLiteral());
    if (
      typeof value === 'string' &&
      literals.length > 0 &&
      candidates.every((t) => this.isOtherString(t))
    ) {
      report.findings.push({
        path: at,
        problem: `${JSON.stringify(value)} is not one of the spec's values`,
      });
      return;
    }
    if (candidates.length === 0) {
      const expected = members.map((t) => this.checker.typeToString(t)).join(' | ');
      const short = expected.length > 160 ? `${expected.slice(0, 160)}...` : expected;
      report.findings.push({ path: at, problem: `${JSON.stringify(value)}, expected ${short}` });
      return;
    }
    let best: Report | undefined;
    for (const candidate of candidates) {
      const trial = emptyReport();
      this.visit(candidate, value, at, trial);
      if (!best || trial.findings.length < best.findings.length) best = trial;
      if (trial.findings.length === 0) break;
    }
    mergeReport(report, best!);
  }

  /** Whether a union member is worth trying for this value: same kind, same discriminants. */
  private couldBe(type: ts.Type, value: unknown): boolean {
    const f = type.flags;
    if (f & ts.TypeFlags.Null) return false;
    if (typeof value === 'string') {
      if (type.isStringLiteral()) return type.value === value;
      return Boolean(f & ts.TypeFlags.String) || this.isOtherString(type) || this.isDecimal(type);
    }
    if (typeof value === 'number') return Boolean(f & ts.TypeFlags.NumberLike);
    if (typeof value === 'boolean') return Boolean(f & ts.TypeFlags.BooleanLike);
    if (Array.isArray(value)) return this.checker.isArrayType(type);
    if (!isObject(value) || !(f & ts.TypeFlags.Object) || this.checker.isArrayType(type))
      return false;
    for (const key of ['object', 'type']) {
      const prop = this.checker.getPropertyOfType(type, key);
      const literal = prop && this.checker.getTypeOfSymbol(prop);
      if (literal?.isStringLiteral() && literal.value !== value[key]) return false;
    }
    return true;
  }
}

function kindOf(value: unknown, expected: string): string {
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return `${actual} ${JSON.stringify(value)?.slice(0, 40)}, expected ${expected}`;
}
