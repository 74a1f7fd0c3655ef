import { AppError, ErrorCode, resolveLocale, type LocaleCode } from '@kpc/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const status = error.code === ErrorCode.RATE_LIMITED ? 429 : 200;
  return sendBody(reply, status, error.code, translate(request.locale, `errors.${error.key}`, error.params));
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
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
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
    request.log.error({ err: error }, 'unexpected failure');
    return sendBody(reply, 500, ErrorCode.INTERNAL, translate(request.locale, 'errors.INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendBody(reply, 404, 404, translate(request.locale, 'errors.NOT_FOUND')));
});
