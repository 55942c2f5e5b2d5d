import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a refused, cut or timed-out connection, also wrapped by Drizzle', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('database "x" is not currently accepting connections', '55000')),
    ).toBe(true);
    const wrapped = new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves bad queries and other failures alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });

  it('recognises what pg really throws when nothing listens', async () => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const error = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
