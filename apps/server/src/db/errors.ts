import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/** True when `error` (or the driver error it wraps) is PostgreSQL's unique_violation, 23505. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    const pgError = candidate as { code?: string; constraint?: string } | null | undefined;
    return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
  });
}

/**
 * SQLSTATEs of a connection that is gone or cannot be had: 57P01 admin_shutdown (terminated by an
 * administrator, a restart or a failover), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up or shutting down), 53300 too_many_connections, and class 08 (connection exception).
 */
const CONNECTION_LOST_STATE = /^(57P0[123]|53300|08[0-9A-Z]{3})$/;
/** Socket errors of a connection that dropped or could not open (Node's `error.code`). */
const SOCKET_ERROR_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What pg and pg-pool throw, without a code, for a dead or unobtainable connection (pg 8, pg-pool 3). */
const CONNECTION_LOST_MESSAGES = new Set([
  // The socket closed under the client (the server ended the session, or the network dropped).
  'Connection terminated unexpectedly',
  // A query queued on a client the pool was closing because its connection had died.
  'Connection terminated',
  // A query sent on a client whose connection had already died, e.g. the ROLLBACK after a failed statement.
  'Client has encountered a connection error and is not queryable',
  // A query sent on a client the pool had already closed (released with its connection's error, or
  // the pool ending): the connection is gone just the same.
  'Client was closed and is not queryable',
  // No connection within DATABASE_CONNECT_SECONDS: every one is busy, or PostgreSQL does not answer.
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** pg's error under `error`: Drizzle's DrizzleQueryError keeps it in `cause`. */
function driverErrorOf(error: unknown): unknown {
  return error instanceof DrizzleQueryError ? error.cause : error;
}

/**
 * True when `error` (pg's, bare or wrapped by Drizzle) says the database connection under the
 * request died or could not be had. Nothing about the request is wrong: it may be sent again, and
 * the process carries on. Errors of other libraries (a chain node's, say) are not looked into.
 */
export function isConnectionLost(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  if (driverError instanceof pg.DatabaseError) return CONNECTION_LOST_STATE.test(driverError.code ?? '');
  const { code, message } = (driverError ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && SOCKET_ERROR_CODES.has(code)) return true;
  return typeof message === 'string' && CONNECTION_LOST_MESSAGES.has(message);
}

/**
 * SQLSTATEs of a transaction PostgreSQL rolled back because it collided with another: 40001
 * serialization_failure and 40P01 deadlock_detected. Nothing was written; the same request, sent
 * again, runs alone and succeeds (every money write is keyed, so a retry never applies twice).
 */
const TRANSACTION_CONFLICT_STATE = /^40(001|P01)$/;

/** True when `error` (pg's, bare or wrapped by Drizzle) is a rolled-back transaction conflict. */
export function isTransactionConflict(error: unknown): boolean {
  const driverError = driverErrorOf(error) as { code?: unknown } | null | undefined;
  return typeof driverError?.code === 'string' && TRANSACTION_CONFLICT_STATE.test(driverError.code);
}

/**
 * The driver's code and message under `error`, what may be logged of it: Drizzle's wrapper also
 * carries the statement's parameters, which can be personal data.
 */
export function describeDriverError(error: unknown): { code?: string; message: string } {
  const driverError = driverErrorOf(error) as { code?: unknown; message?: unknown } | null | undefined;
  return {
    ...(typeof driverError?.code === 'string' ? { code: driverError.code } : {}),
    message: typeof driverError?.message === 'string' ? driverError.message : 'unknown error',
  };
}
