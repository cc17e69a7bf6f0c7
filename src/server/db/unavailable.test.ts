// Which errors mean "the database cannot work right now" (503, retry) and which are bugs (500):
// errors as pg and PGlite raise them, with their SQLSTATE or socket code.
import { describe, expect, it } from 'vitest';
import { unavailabilityOf } from './unavailable.ts';

const sqlError = (code: string) =>
  Object.assign(new Error(`sqlstate ${code}`), { code, severity: 'ERROR' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('unavailabilityOf', () => {
  it.each([
    ['a full disk (53100)', sqlError('53100'), 'storage_full'],
    ['ENOSPC from the file system', socketError('ENOSPC'), 'storage_full'],
    ['out of memory (53200)', sqlError('53200'), 'unavailable'],
    ['too many connections (53300)', sqlError('53300'), 'unavailable'],
    ['a connection failure (08006)', sqlError('08006'), 'unavailable'],
    ['an administrator shutdown (57P01)', sqlError('57P01'), 'unavailable'],
    ['a crash shutdown (57P02)', sqlError('57P02'), 'unavailable'],
    ['a server still starting (57P03)', sqlError('57P03'), 'unavailable'],
    ['a refused connection', socketError('ECONNREFUSED'), 'unavailable'],
    ['a reset connection', socketError('ECONNRESET'), 'unavailable'],
    ['every address refusing', new AggregateError([socketError('ECONNREFUSED')]), 'unavailable'],
    [
      'a connection ended mid-query',
      new Error('Connection terminated unexpectedly'),
      'unavailable',
    ],
    [
      'a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
      'unavailable',
    ],
    ['no connection in time', new Error('timeout exceeded when trying to connect'), 'unavailable'],
  ])('%s: %s', (_, err, expected) => {
    expect(unavailabilityOf(err)).toBe(expected);
  });

  it.each([
    ['a unique violation (23505)', sqlError('23505')],
    ['a missing table (42P01)', sqlError('42P01')],
    ['a syntax error (42601)', sqlError('42601')],
    ['a cancelled statement (57014)', sqlError('57014')],
    ['a plain TypeError', new TypeError('cannot read properties of undefined')],
    ['a message that only mentions a connection', sqlError('XX000')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('%s is a bug, not the database away', (_, err) => {
    expect(unavailabilityOf(err)).toBeUndefined();
  });
});
