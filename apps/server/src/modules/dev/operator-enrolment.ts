import { ZEnvelope } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/wire.ts';
import { SYSTEM_ACTOR } from '../audit/service.ts';
import { DEVELOPMENT_ADMINISTRATOR, ensureDevelopmentAdministrator } from '../operators/accounts.ts';
import type { OperatorContext } from '../operators/context.ts';

const ZDevEnrolmentRequest = z
  .object({
    /** A further development administrator with this email (each console journey starts with its own). */
    email: z.email({ error: 'validation.invalid' }).max(254).optional(),
  })
  .optional();

const ZDevEnrolment = z.object({
  email: z.string(),
  /** A fresh one-time link while the development administrator has not enrolled; null once it has. */
  enrolmentUrl: z.string().nullable(),
});

/**
 * `/api/dev/operator/enrolment` (development only, never in production): the development
 * administrator's enrolment link, as the start-up log prints it, for a newcomer who lost the log
 * and for the console's journeys. With an `email`, a further development administrator: each
 * console journey enrols its own, whatever ran before it on the same server.
 */
export const devOperatorEnrolmentRoutes: FastifyPluginAsyncZod<{ operators: OperatorContext }> = async (
  app,
  { operators },
) => {
  app.post(
    '/api/dev/operator/enrolment',
    {
      schema: {
        tags: ['dev'],
        summary: "Development only: the development administrator's enrolment link (while not enrolled)",
        body: ZDevEnrolmentRequest,
        response: { 200: ZEnvelope(ZDevEnrolment) },
      },
    },
    async (request) => {
      const email = request.body?.email ?? DEVELOPMENT_ADMINISTRATOR;
      const enrolmentUrl = await ensureDevelopmentAdministrator(
        operators,
        { ...SYSTEM_ACTOR, name: 'development' },
        email,
      );
      return ok({ email, enrolmentUrl });
    },
  );
};
