import { AppError, ErrorCode, resolveLocale, type LocaleCode } from '@kpc/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DrizzleQueryError } from 'drizzle-orm';
import { describeDriverError, isConnectionLost, isTransactionConflict } from '../db/errors.ts';
import { hasMessage, translate } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member's language, from the `language` header (SPEC §7), English by default. */
    locale: LocaleCode;
  }
}

/** The success body of the wire protocol (SPEC §7). */
export function ok<T>(data: T): { code: 200; msg: string; data: T } {
  return { code: ErrorCode.OK, msg: 'success', data };
}

function sendBody(reply: FastifyReply, status: number, code: number, msg: string) {
  // The route's response schema describes success only; failures bypass it.
  return reply.status(status).serializer(JSON.stringify).send({ code, msg, data: null });
}

/**
 * What is logged of a failed statement: the driver's code and message, the SQL with its
 * placeholders and the call frames. Drizzle's message (and so its stack's first line) carries the
 * statement's parameters, which can be personal data: they are left out.
 */
function describeQueryError(error: DrizzleQueryError) {
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return { ...describeDriverError(error), query: error.query, stack: frames.join('\n') };
}

/**
 * A NUL character (U+0000), or half of a UTF-16 surrogate pair alone (JSON's `"\ud800"`): text
 * PostgreSQL cannot hold as sent. `text` refuses a NUL (`invalid byte sequence for encoding "UTF8":
 * 0x00`) and silently stores U+FFFD for a lone surrogate; `jsonb` refuses both (`invalid input syntax
 * for type json`: the audit of an export's filter answered 500). No field has a use for either, and
 * I-JSON (RFC 7493 §2.1) forbids them, so the wire refuses them once for every route instead of
 * each schema remembering to. A whole pair (an emoji) is one code point here and passes.
 */
const hasNul = (text: string) => text.includes('\u0000');
/** With the `u` flag a whole pair is one code point: only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const isUnstorable = (text: string) => hasNul(text) || LONE_SURROGATE.test(text);

/**
 * Whether `test` holds for any string or object key of a parsed request part, at any depth.
 * Iterative: a deeply nested body cannot exhaust the stack.
 */
function containsText(value: unknown, test: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Whether a NUL or a lone surrogate is in any string or object key of a parsed request part, at any depth. */
export function containsUnstorableText(value: unknown): boolean {
  return containsText(value, isUnstorable);
}

/** HTTP statuses other than 200 for business errors; the member app shows `msg` for any status but 404. */
const HTTP_STATUS: Partial<Record<number, number>> = {
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.SERVICE_BUSY]: 503,
  // The operator console (Step 8a): a role or a second factor short of what the call needs.
  [ErrorCode.OPERATOR_FORBIDDEN]: 403,
  [ErrorCode.OPERATOR_STEP_UP_REQUIRED]: 403,
};

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const status = HTTP_STATUS[error.code] ?? 200;
  if (error.code === ErrorCode.SERVICE_BUSY) void reply.header('retry-after', '1');
  // A parameter naming a rule (`configReasons.<rule>`, Step 8b) is itself a message in the caller's language.
  const params = Object.fromEntries(
    Object.entries(error.params).map(([name, value]) => [
      name,
      typeof value === 'string' && value.startsWith('configReasons.') ? translate(request.locale, value) : value,
    ]),
  );
  return sendBody(reply, status, error.code, translate(request.locale, `errors.${error.key}`, params));
}

/**
 * The wire protocol of SPEC §7-§8 for every route: `{code,msg,data}`, business errors as HTTP 200
 * with a localised message, HTTP 404 for an unknown path, and no stack trace or SQL ever sent.
 */
export const wirePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (request) => {
    const header = request.headers.language;
    request.locale = resolveLocale(Array.isArray(header) ? header[0] : header);
  });
  // POST calls without a payload are valid, with or without a JSON content type: their schema sees `{}`.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else void parseJson(request, body.toString(), done);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.body === undefined || request.body === null) request.body = {};
    // Before any schema or handler, for every route present and future: a NUL or a lone surrogate anywhere is refused.
    if (
      containsUnstorableText(request.body) ||
      containsUnstorableText(request.query) ||
      containsUnstorableText(request.params)
    ) {
      return sendBody(reply, 200, ErrorCode.INVALID_REQUEST, translate(request.locale, 'validation.invalidCharacter'));
    }
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]?.message ?? '';
      const key = first.startsWith('validation.') && hasMessage(first) ? first : 'validation.invalid';
      return sendBody(reply, 200, ErrorCode.INVALID_REQUEST, translate(request.locale, key));
    }
    // Malformed JSON, wrong content type, oversized body and other client mistakes.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'rejected malformed request');
      return sendBody(reply, 200, ErrorCode.INVALID_REQUEST, translate(request.locale, 'errors.INVALID_REQUEST'));
    }
    if (isConnectionLost(error)) {
      // The request's database connection died (PostgreSQL restarted, failed over or dropped it) or
      // none could be had in time: only this request fails, with a "try again". Before COMMIT,
      // PostgreSQL rolled the transaction back. If the connection died during COMMIT, its outcome is
      // unknown; every money write is keyed by the member's requestId or an idempotency key, so the
      // retry the message asks for applies it once and answers what was done.
      request.log.warn({ err: describeDriverError(error) }, 'database connection lost: answered SERVICE_BUSY');
      return sendError(request, reply, new AppError('SERVICE_BUSY'));
    }
    if (isTransactionConflict(error)) {
      // Two transactions collided and PostgreSQL rolled this one back: nothing was written, and the
      // retry the message asks for runs alone.
      request.log.warn({ err: describeDriverError(error) }, 'transaction conflict: answered SERVICE_BUSY');
      return sendError(request, reply, new AppError('SERVICE_BUSY'));
    }
    request.log.error(
      { err: error instanceof DrizzleQueryError ? describeQueryError(error) : error },
      'unexpected failure',
    );
    return sendBody(reply, 500, ErrorCode.INTERNAL, translate(request.locale, 'errors.INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendBody(reply, 404, 404, translate(request.locale, 'errors.NOT_FOUND')));
});
