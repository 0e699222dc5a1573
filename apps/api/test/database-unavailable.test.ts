import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['an administrator shut the server down', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server crashed', withCode('57P02')],
    ['the server is starting', withCode('57P03', 'the database system is starting up')],
    ['the connection failed', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['nobody listens', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the socket dropped', new Error('Connection terminated unexpectedly')],
    ['wrapped in a cause', new Error('order failed', { cause: withCode('57P01') })],
  ])('is true when %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('something else')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
