import { toLedgerUnits, USDT_DECIMALS, type TCardHolder } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { cardProducts } from '../../db/schema/index.ts';
import type { Posting } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { seal, unseal } from '../../lib/sealing.ts';
import type { IssuerProduct } from './issuer/issuer.ts';
import type { CardIssuer } from './issuer/issuer.ts';
import type { CardKeys } from './keys.ts';

/**
 * What every part of the card module shares (Step 6, issue §3; Step 7b): the context built once per
 * process, the asset, and small helpers. The parts: `applications.ts` (applying and submitting),
 * `issuer-events.ts` (the issuer's events, applied once), `top-ups.ts` (money onto cards, each
 * loaded or returned exactly once), `recovery.ts` (what a crash or a lost answer left, finished by a
 * job), `service.ts` (products and cards), `monthly-fee.ts`, `operator.ts`.
 */
export interface CardContext {
  db: Database;
  clock: Clock;
  /** The server secret: activation codes. */
  secret: string;
  /** Card numbers and KYC details: keys derived from the secret (keys.ts). */
  keys: CardKeys;
  issuer: CardIssuer;
  /** Told about failures of background work (an issuer that did not answer). */
  onError: (error: unknown, context: string) => void;
}

export const USDT = { code: 'USDT', decimals: USDT_DECIMALS };

export type ProductRow = typeof cardProducts.$inferSelect;

export const units = (value: string) => toLedgerUnits(value);

/** The reference the ledger, the issuer and activation codes know an application by. */
export const applicationReference = (id: bigint) => `card_application:${id}`;
export function applicationIdOf(reference: string): bigint | null {
  const match = /^card_application:(\d{1,19})$/.exec(reference);
  return match ? BigInt(match[1]!) : null;
}

export function nonZero(postings: Posting[]): Posting[] {
  return postings.filter((posting) => posting.amount !== 0n);
}

export async function productOf(db: Executor, code: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(cardProducts).where(eq(cardProducts.code, code));
  return row;
}

/**
 * The monthly fee a card issued for this application keeps: the one shown when the member applied;
 * for an application made before Step 8b kept it, the product's today.
 */
export async function applicationMonthlyFee(
  db: Executor,
  application: { product: string; monthlyFee: string | null },
): Promise<string> {
  return application.monthlyFee ?? (await productOf(db, application.product))?.monthlyFee ?? '0';
}

export function issuerProduct(row: ProductRow): IssuerProduct {
  return {
    product: row.code as IssuerProduct['product'],
    limits: { single: units(row.singleLimit), daily: units(row.dailyLimit), monthly: units(row.monthlyLimit) },
  };
}

// ---------------------------------------------------------------------------------------------
// The holder's KYC details, sealed (card_applications.holder_sealed).

/** What operators see of a holder once the application reached the issuer: never the document number or birth date. */
export interface HolderSummary {
  name: string;
  nationality: string;
  documentType: string;
  documentLast4: string;
}

export function holderSummaryOf(holder: TCardHolder): HolderSummary {
  return {
    name: `${holder.firstName} ${holder.lastName}`,
    nationality: holder.nationality,
    documentType: holder.documentType,
    documentLast4: holder.documentNumber.slice(-4),
  };
}

/** The full details while submitting (a resubmission needs them), `{ holder }`; afterwards `{ summary }`. */
type SealedHolder = { holder: TCardHolder } | { summary: HolderSummary };

export function sealHolder(keys: CardKeys, content: SealedHolder): string {
  return seal(keys.kyc, JSON.stringify(content));
}

export function openHolder(keys: CardKeys, sealed: string | null): SealedHolder | null {
  const text = sealed === null ? null : unseal(keys.kyc, sealed);
  return text === null ? null : (JSON.parse(text) as SealedHolder);
}

/** The summary operators see (null: not kept, or sealed under another APP_SECRET). */
export function openHolderSummary(keys: CardKeys, sealed: string | null): HolderSummary | null {
  const opened = openHolder(keys, sealed);
  if (!opened) return null;
  return 'summary' in opened ? opened.summary : holderSummaryOf(opened.holder);
}
