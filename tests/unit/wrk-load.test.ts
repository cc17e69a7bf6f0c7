import { describe, expect, it } from 'vitest';
import { parseWrkOutput, refreshLua, slices } from '../../bench/benchmarks/api-wrk.ts';

describe('wrk for the api benchmark', () => {
  it("reads throughput, percentiles and failures from the script's JSON line", () => {
    const stdout = [
      'Running 10s test @ http://127.0.0.1:4600/',
      '  2 threads and 50 connections',
      'WRK_RESULT {"requests":30000,"durationUs":10000000,"p50Us":1500,"p99Us":42000,' +
        '"status":3,"connect":0,"read":1,"write":0,"timeout":2}',
    ].join('\n');
    expect(parseWrkOutput(stdout)).toEqual({
      rps: 3000,
      p50: 1.5,
      p99: 42,
      total: 30000,
      non2xx: 3,
      errors: 3,
    });
  });

  it('fails rather than report nothing when wrk printed no result', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:4600\n')).toThrow(/no result/);
  });

  it('gives every thread its own tokens, none shared', () => {
    const parts = slices(['a', 'b', 'c', 'd', 'e'], 2);
    expect(parts).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
  });

  it('sends each refresh token once and keeps the one the server returns', () => {
    const script = refreshLua({
      path: '/auth/v1/token?grant_type=refresh_token',
      headers: { apikey: 'anon' },
      slices: [['t1', 't2'], ['t3']],
    });
    expect(script).toContain('local slices = { "t1,t2", "t3" }');
    expect(script).toContain('wrk.headers["apikey"] = "anon"');
    // A token leaves the pool when sent, and only a 200's new token goes back in.
    expect(script).toContain('table.remove(pool, 1)');
    expect(script).toMatch(/if status == 200 then[\s\S]*pool\[#pool \+ 1\] = token/);
  });
});
