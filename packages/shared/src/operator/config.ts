import { z } from 'zod';

/**
 * Configuration (Step 8b §2): one page per domain, each change a version (who, when, before, after,
 * reason, effective from). A change applies to new orders only: an order keeps the terms it was
 * made with. Money terms (fees, rates, prices, limits) need `config.money` besides `config.manage`.
 */
export const ConfigDomain = {
  WITHDRAWAL: 'withdrawal',
  EXCHANGE: 'exchange',
  CHANNELS: 'channels',
  ASSETS: 'assets',
  PLAN: 'plan',
  ESOP: 'esop',
  PLEDGE: 'pledge',
  KLK: 'klk',
  CARD: 'card',
  LEVELS: 'levels',
  AIRDROP: 'airdrop',
} as const;
export type TConfigDomain = (typeof ConfigDomain)[keyof typeof ConfigDomain];
export const CONFIG_DOMAINS = Object.values(ConfigDomain) as [TConfigDomain, ...TConfigDomain[]];

/** Why a change is made: required, kept in the history and the audit log. */
export const ZConfigReason = z
  .string({ error: 'validation.reasonRequired' })
  .trim()
  .min(3, 'validation.reasonRequired')
  .max(500, 'validation.invalid');

/** From when the change applies: now when omitted; never in the past. */
export const ZEffectiveFrom = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** A decimal term as typed (fees, rates, prices, amounts): a string, never a float; signs are checked by each rule. */
export const ZConfigDecimal = z
  .string({ error: 'validation.amountRequired' })
  .trim()
  .max(40, 'validation.amountInvalid')
  .regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'validation.amountInvalid');

/** One version of one subject of a domain. */
export const ZConfigChange = z.object({
  id: z.string(),
  domain: z.enum(CONFIG_DOMAINS),
  subject: z.string(),
  version: z.number().int(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  reason: z.string(),
  effectiveFrom: z.string(),
  actorName: z.string(),
  role: z.string().nullable(),
  at: z.string(),
});
export type TConfigChange = z.infer<typeof ZConfigChange>;

/** POST /api/operator/config/history: a domain's versions, newest first. */
export const ZConfigHistoryRequest = z.object({
  domain: z.enum(CONFIG_DOMAINS, { error: 'validation.invalid' }),
  subject: z.string().trim().min(1).max(100).optional(),
});
export type TConfigHistoryRequest = z.input<typeof ZConfigHistoryRequest>;
export const ZConfigHistoryResponse = z.object({ list: z.array(ZConfigChange) });
export type TConfigHistoryResponse = z.infer<typeof ZConfigHistoryResponse>;
