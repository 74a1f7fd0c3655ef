import {
  CardNetwork,
  CardProduct,
  CardRejectReason,
  type TCardHolder,
  type TCardNetwork,
  type TCardProduct,
  type TCardRejectReason,
} from '@kpc/shared';

/** The sandbox issuer's rules (sandbox-issuer.ts): how it decides, and what its cards look like. */

/** An automatic KYC refusal: the first rule that matches a holder decides the reason. */
export interface SandboxRejectionRule {
  reason: TCardRejectReason;
  /** For operators and the README: when it applies. */
  description: string;
  matches(holder: TCardHolder): boolean;
}

/** For tests and demos: a holder named "…REJECT…" fails KYC; a document number "000…" is invalid. */
export const DEFAULT_SANDBOX_REJECTIONS: readonly SandboxRejectionRule[] = [
  {
    reason: CardRejectReason.KYC_FAILED,
    description: 'the holder’s first or last name contains "REJECT"',
    matches: (holder) => `${holder.firstName} ${holder.lastName}`.toUpperCase().includes('REJECT'),
  },
  {
    reason: CardRejectReason.DOCUMENT_INVALID,
    description: 'the document number starts with "000"',
    matches: (holder) => holder.documentNumber.startsWith('000'),
  },
];

export interface SandboxIssuerRules {
  /** Seconds from submission to the automatic KYC decision; null: an operator decides (`approve`/`reject`). */
  decisionDelaySeconds: number | null;
  /** Seconds from approval to the automatic issue; null: the programme or an operator calls `issueCard`. */
  issueDelaySeconds: number | null;
  /** Checked in order at the decision; none matching approves. */
  rejections: readonly SandboxRejectionRule[];
  /**
   * Step 8b: applications an operator decides and issues by hand even where the rest is automatic
   * (the console's journey and demos); none when absent.
   */
  heldForOperator?: (holder: TCardHolder) => boolean;
}

/** For demos of the console: a holder whose last name contains "REVIEW" waits for an operator. */
export const heldByName = (holder: TCardHolder) => holder.lastName.toUpperCase().includes('REVIEW');

/** Development: decide and issue a few seconds apart, so the whole flow shows by itself. */
export const SANDBOX_DEVELOPMENT_RULES: SandboxIssuerRules = {
  decisionDelaySeconds: 3,
  issueDelaySeconds: 3,
  rejections: DEFAULT_SANDBOX_REJECTIONS,
  heldForOperator: heldByName,
};

/** Nothing happens by itself: every decision and issue comes from the operator API. */
export const SANDBOX_MANUAL_RULES: SandboxIssuerRules = {
  decisionDelaySeconds: null,
  issueDelaySeconds: null,
  rejections: DEFAULT_SANDBOX_REJECTIONS,
};

/** Issuer prefixes (BINs) of the sandbox's numbers, in each network's range. */
export const SANDBOX_PREFIXES: Readonly<Record<TCardNetwork, string>> = {
  [CardNetwork.MASTERCARD]: '522981',
  [CardNetwork.VISA]: '453918',
};

/** The label printed on each product's cards. */
export const SANDBOX_LABELS: Readonly<Record<TCardProduct, string>> = {
  [CardProduct.GOLD_EAGLE]: 'KPC Gold Eagle',
  [CardProduct.ROYAL_BLACK_EAGLE]: 'KPC Royal Black Eagle',
};
