import { describe, expect, it } from 'vitest';
import { pgbenchScript } from '../../bench/benchmarks/api-pgbench.ts';

describe('pgbenchScript (the api benchmark replaying the server statements)', () => {
  it('sends the statements as one pipeline with every value bound as a variable', () => {
    const { script, variables } = pgbenchScript([
      { sql: "SELECT set_config('role', $1, true), $2::uuid", params: ['authenticated', 'u-1'] },
      { sql: 'SELECT * FROM t WHERE a = $1 AND b = $10', params: [7, ...Array(8).fill(0), 'ten'] },
    ]);
    expect(script.split('\n')).toEqual([
      '\\startpipeline',
      "SELECT set_config('role', :s0_1, true), :s0_2::uuid;",
      'SELECT * FROM t WHERE a = :s1_1 AND b = :s1_10;',
      '\\endpipeline',
      '',
    ]);
    expect(variables).toEqual({ s0_1: 'authenticated', s0_2: 'u-1', s1_1: '7', s1_10: 'ten' });
  });

  it('writes a missing value as NULL rather than an empty string', () => {
    const { script, variables } = pgbenchScript([
      { sql: 'SELECT $1::uuid IS NULL', params: [null] },
    ]);
    expect(script).toContain('SELECT NULL::uuid IS NULL;');
    expect(variables).toEqual({});
  });
});
