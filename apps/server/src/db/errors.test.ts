import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeDriverError, isConnectionLost, isTransactionConflict } from './errors.ts';

const wrap = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isConnectionLost', () => {
  it("recognises pg's error for a query on a client that was already closed", async () => {
    // The real driver error, no server needed: pg refuses any query once end() was called, as
    // after pg-pool closed a client whose connection died or while the pool ends.
    const client = new pg.Client({ host: '127.0.0.1', port: 1 });
    await client.end();
    const closed = await client.query('select 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(closed).toMatchObject({ message: 'Client was closed and is not queryable' });

    expect(isConnectionLost(closed)).toBe(true);
    expect(isConnectionLost(wrap(closed))).toBe(true);
  });

  it('does not count a failure that only follows a lost connection elsewhere', () => {
    // The 500 of the storm test: the KPC price query lost its connection, the reference-data
    // snapshot swallowed that as "no current price", and this plain Error came out instead. The
    // connection is no longer visible in it; the snapshot must let the driver's error through.
    expect(isConnectionLost(new Error('no KPC price in effect'))).toBe(false);
  });
});

describe('a lost connection is neither a transaction conflict nor logged with parameters', () => {
  it('keeps the two apart and logs only the driver message', () => {
    const terminated = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error');
    terminated.code = '57P01';
    const serialization = new pg.DatabaseError('could not serialize access', 0, 'error');
    serialization.code = '40001';
    const wrapped = new DrizzleQueryError('select $1', ['secret@example.com'], terminated);

    expect(isTransactionConflict(wrapped)).toBe(false);
    expect(isConnectionLost(wrap(serialization))).toBe(false);
    expect(isTransactionConflict(wrap(serialization))).toBe(true);
    expect(describeDriverError(wrapped)).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
  });
});
