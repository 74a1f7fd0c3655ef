import { AppError } from '@kpc/shared';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/**
 * A member's write is safe to send again (SPEC §7): each request carries an id, kept under a
 * unique `(member, request_id)` key on the row the write makes. A request whose id already made a
 * row answers that row's result instead of writing again, or REQUEST_ID_REUSED when the row was
 * made by another request under the same id. Services read it before their transaction (the usual
 * retry) and once more inside it, after the lock or the insert that a concurrent twin may have
 * won (the twin's row is then there to answer).
 */
export interface RequestReplayOptions<Row, Result> {
  /** The member's row under this request id, if any. */
  find: (executor: Executor) => Promise<Row | undefined>;
  /**
   * Whether the row was made by this same request (same product, amount, price...). Where the id
   * alone names the request (a signed quote), it answers true.
   */
  sameRequest: (row: Row) => boolean;
  /** The result the first request answered, made again from its row. */
  answer: (row: Row, executor: Executor) => Result | Promise<Result>;
}

export interface RequestReplay<Result> {
  /** The earlier result of this request id, or null when the id is new. */
  earlier(executor: Executor): Promise<Result | null>;
  /** The result of the concurrent twin whose insert won; its row must be there (else `vanished`). */
  twin(executor: Executor, vanished: string): Promise<Result>;
}

export function requestReplay<Row, Result>(options: RequestReplayOptions<Row, Result>): RequestReplay<Result> {
  const earlier = async (executor: Executor): Promise<Result | null> => {
    const row = await options.find(executor);
    if (row === undefined) return null;
    if (!options.sameRequest(row)) throw new AppError('REQUEST_ID_REUSED');
    return options.answer(row, executor);
  };
  return {
    earlier,
    async twin(executor, vanished) {
      const result = await earlier(executor);
      if (result === null) throw new Error(vanished);
      return result;
    },
  };
}

/** A table whose rows a member's request makes, unique by `(member_id, request_id)`. */
type RequestTable = PgTable & { memberId: PgColumn; requestId: PgColumn };

/** The member's row under `requestId` in `table`, if any (the usual `find`). */
export async function rowByRequest<T extends RequestTable>(
  executor: Executor,
  table: T,
  memberId: string,
  requestId: string,
): Promise<T['$inferSelect'] | undefined> {
  // Read through the plain table type: drizzle's select types do not follow a generic table.
  const source: RequestTable = table;
  const [row] = await executor
    .select()
    .from(source)
    .where(and(eq(source.memberId, memberId), eq(source.requestId, requestId)));
  return row;
}
