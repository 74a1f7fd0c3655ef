import { z } from 'zod';
import { ZEmail, ZRecordId } from '../schemas/common.ts';
import { OPERATOR_ROLES, PERMISSIONS, type TOperatorRole, type TPermission } from './roles.ts';

/**
 * Operators' accounts and sessions (Step 8a §2): `/api/operator/auth/*` and
 * `/api/operator/operators/*`. Operators are not members: their own table, sessions and cookie.
 * Signing in takes the password and a second factor together (a TOTP code, or one of the ten
 * recovery codes); a first sign-in is an enrolment from a one-time link.
 */

/** Operators' passwords are longer than members'. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MAX_LENGTH = 128;
/** TOTP (RFC 6238): 6 digits every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes shown at enrolment, each single use. */
export const RECOVERY_CODE_COUNT = 10;

export const ZOperatorRole = z.enum(OPERATOR_ROLES as [TOperatorRole, ...TOperatorRole[]], {
  error: 'validation.invalid',
});
export const ZPermission = z.enum(PERMISSIONS as [TPermission, ...TPermission[]]);

export const ZOperatorPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(OPERATOR_PASSWORD_MIN_LENGTH, 'validation.operatorPasswordTooShort')
  .max(OPERATOR_PASSWORD_MAX_LENGTH, 'validation.passwordTooLong');

/** A TOTP code (6 digits) or a recovery code (letters and digits, dashes ignored). */
export const ZSecondFactor = z
  .string({ error: 'validation.secondFactorRequired' })
  .trim()
  .min(1, 'validation.secondFactorRequired')
  .max(32, 'validation.secondFactorInvalid')
  .regex(/^(\d{6}|[A-Za-z0-9-]{10,32})$/, 'validation.secondFactorInvalid');

/** A TOTP code alone (enrolment and step-up prove the authenticator itself). */
export const ZTotpCode = z
  .string({ error: 'validation.secondFactorRequired' })
  .trim()
  .min(1, 'validation.secondFactorRequired')
  .regex(/^\d{6}$/, 'validation.totpInvalid');

export const ZOperatorName = z
  .string({ error: 'validation.operatorNameRequired' })
  .trim()
  .min(1, 'validation.operatorNameRequired')
  .max(60, 'validation.invalid');

/** The one-time token of an enrolment link. */
export const ZEnrolmentToken = z
  .string({ error: 'validation.invalid' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.invalid');

/** POST /api/operator/auth/login */
export const ZOperatorLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(200),
  code: ZSecondFactor,
});
export type TOperatorLoginRequest = z.input<typeof ZOperatorLoginRequest>;

/** Who is signed in, and what the session allows now. */
export const ZOperatorSession = z.object({
  operator: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    roles: z.array(ZOperatorRole),
    permissions: z.array(ZPermission),
  }),
  /** The session ends after this long unused. */
  idleSeconds: z.number().int(),
  /** It ends at this time however used. */
  expiresAt: z.string(),
  /** Money actions need a second factor given after `now - stepUpSeconds`: until then (null: give one). */
  stepUpUntil: z.string().nullable(),
  /** Recovery codes still unused. */
  recoveryCodesLeft: z.number().int(),
});
export type TOperatorSession = z.infer<typeof ZOperatorSession>;

/** POST /api/operator/auth/step-up: a fresh second factor for money actions. */
export const ZStepUpRequest = z.object({ code: ZTotpCode });
export type TStepUpRequest = z.input<typeof ZStepUpRequest>;
export const ZStepUpResponse = z.object({ stepUpUntil: z.string() });

/** POST /api/operator/auth/enrolment: what an enrolment link is for (and the authenticator's secret). */
export const ZEnrolmentRequest = z.object({ token: ZEnrolmentToken });
export const ZEnrolment = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(ZOperatorRole),
  /** Base32, for typing into an authenticator app. */
  totpSecret: z.string(),
  /** `otpauth://totp/…`, for the QR code. */
  otpauthUri: z.string(),
  expiresAt: z.string(),
});
export type TEnrolment = z.infer<typeof ZEnrolment>;

/** POST /api/operator/auth/enrol: sets the password, proves the authenticator, signs in. */
export const ZEnrolRequest = z.object({ token: ZEnrolmentToken, password: ZOperatorPassword, code: ZTotpCode });
export type TEnrolRequest = z.input<typeof ZEnrolRequest>;
export const ZEnrolResponse = z.object({
  /** Shown once: each signs in once in place of a TOTP code. */
  recoveryCodes: z.array(z.string()),
  session: ZOperatorSession,
});
export type TEnrolResponse = z.infer<typeof ZEnrolResponse>;

// ---------------------------------------------------------------------------------------------
// Operators (admin)

export const OperatorStatus = { INVITED: 'invited', ACTIVE: 'active', DISABLED: 'disabled' } as const;
export type TOperatorStatus = (typeof OperatorStatus)[keyof typeof OperatorStatus];

export const ZOperator = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(ZOperatorRole),
  status: z.enum([OperatorStatus.INVITED, OperatorStatus.ACTIVE, OperatorStatus.DISABLED]),
  /** Locked out after repeated failed sign-ins, until then. */
  lockedUntil: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;
export const ZOperatorListResponse = z.object({ list: z.array(ZOperator) });

const ZRoles = z.array(ZOperatorRole).min(1, 'validation.rolesRequired').max(OPERATOR_ROLES.length);

/** POST /api/operator/operators/invite: answers the one-time enrolment link. */
export const ZInviteOperatorRequest = z.object({ email: ZEmail, name: ZOperatorName, roles: ZRoles });
export type TInviteOperatorRequest = z.input<typeof ZInviteOperatorRequest>;
export const ZEnrolmentLink = z.object({ operator: ZOperator, enrolmentUrl: z.string(), expiresAt: z.string() });
export type TEnrolmentLink = z.infer<typeof ZEnrolmentLink>;

export const ZOperatorReason = z
  .string({ error: 'validation.reasonRequired' })
  .trim()
  .min(1, 'validation.reasonRequired')
  .max(500, 'validation.invalid');

export const ZSetOperatorRolesRequest = z.object({ id: z.uuid({ error: 'validation.invalid' }), roles: ZRoles });
export const ZOperatorTargetRequest = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  reason: ZOperatorReason,
});

/** An id of a row the console lists (withdrawals, deposits). */
export const ZOperatorRecordIds = z.array(ZRecordId).min(1, 'validation.invalid').max(100, 'validation.invalid');
