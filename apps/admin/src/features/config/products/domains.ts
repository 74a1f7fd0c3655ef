import { ConfigDomain, type TConfigDomain } from '@kpc/shared/operator';

/**
 * What each product domain's page edits: its fields (in the table and the drawer, in this order),
 * the key of a row and whether rows have a place in the list. `money` fields are terms a member is
 * promised (saving them needs finance too); `fixed` ones cannot change once the row exists.
 */
export type FieldKind = 'text' | 'int' | 'decimal' | 'rate' | 'ratios' | 'networks';
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  fixed?: boolean;
}
export interface DomainSpec {
  domain: TConfigDomain;
  /** `id`, or `code` (card products, whose code is chosen). */
  key: 'id' | 'code';
  fields: FieldSpec[];
  sortable: boolean;
  /** A new row's starting values. */
  blank: Record<string, unknown>;
}

export const PLAN_SPEC: DomainSpec = {
  domain: ConfigDomain.PLAN,
  key: 'id',
  sortable: true,
  fields: [
    { name: 'nameKey', kind: 'text' },
    { name: 'minAmount', kind: 'decimal' },
    { name: 'maxAmount', kind: 'decimal' },
    { name: 'coefficient', kind: 'decimal' },
    { name: 'phaseRatios', kind: 'ratios' },
  ],
  blank: { nameKey: 'plan.product.', minAmount: '', maxAmount: '', coefficient: '', phaseRatios: ['0.0035'] },
};

export const ESOP_SPEC: DomainSpec = {
  domain: ConfigDomain.ESOP,
  key: 'id',
  sortable: false,
  fields: [
    { name: 'lockMonths', kind: 'int' },
    { name: 'releaseMonths', kind: 'int' },
    { name: 'minUsdt', kind: 'decimal' },
    { name: 'maxUsdt', kind: 'decimal' },
  ],
  blank: { lockMonths: 6, releaseMonths: 12, minUsdt: '', maxUsdt: '' },
};

export const PLEDGE_SPEC: DomainSpec = {
  domain: ConfigDomain.PLEDGE,
  key: 'id',
  sortable: true,
  fields: [
    { name: 'days', kind: 'int' },
    { name: 'dailyRate', kind: 'rate' },
    { name: 'minAmount', kind: 'decimal' },
    { name: 'earlyPenaltyRate', kind: 'rate' },
  ],
  blank: { days: 30, dailyRate: '', minAmount: '', earlyPenaltyRate: '' },
};

export const KLK_SPEC: DomainSpec = {
  domain: ConfigDomain.KLK,
  key: 'id',
  sortable: false,
  fields: [
    { name: 'level', kind: 'text' },
    { name: 'rank', kind: 'int' },
    { name: 'price', kind: 'decimal' },
    { name: 'codeCount', kind: 'int' },
  ],
  blank: { level: '', rank: 1, price: '', codeCount: 0 },
};

export const CARD_SPEC: DomainSpec = {
  domain: ConfigDomain.CARD,
  key: 'code',
  sortable: true,
  fields: [
    { name: 'code', kind: 'text', fixed: true },
    { name: 'networks', kind: 'networks' },
    { name: 'issuanceFee', kind: 'decimal' },
    { name: 'kycFee', kind: 'decimal' },
    { name: 'initialTopUp', kind: 'decimal' },
    { name: 'monthlyFee', kind: 'decimal' },
    { name: 'topUpFeeRate', kind: 'rate' },
    { name: 'topUpMinFee', kind: 'decimal' },
    { name: 'singleLimit', kind: 'decimal' },
    { name: 'dailyLimit', kind: 'decimal' },
    { name: 'monthlyLimit', kind: 'decimal' },
  ],
  blank: {
    code: '',
    networks: ['mastercard', 'visa'],
    issuanceFee: '',
    kycFee: '',
    initialTopUp: '',
    monthlyFee: '',
    topUpFeeRate: '',
    topUpMinFee: '',
    singleLimit: '',
    dailyLimit: '',
    monthlyLimit: '',
  },
};

/** A scalar as text (a string or a number; anything else is empty). */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A rate as a percentage, exactly (`0.0035` -> `0.35%`): decimal strings, never floats. */
export function asPercent(value: unknown): string {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return textOf(value);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const padded = fraction.padEnd(2, '0');
  const units = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return `${negative ? '-' : ''}${units}${rest ? `.${rest}` : ''}%`;
}

/** How a field's value reads in the table and the confirmation. */
export function showField(kind: FieldKind, value: unknown): string {
  if (kind === 'rate') return typeof value === 'string' && value !== '' ? `${value} (${asPercent(value)})` : '—';
  if (kind === 'ratios') return Array.isArray(value) ? value.map(asPercent).join(' · ') : '—';
  if (kind === 'networks') return Array.isArray(value) ? value.join(', ') : '—';
  return textOf(value) === '' ? '—' : textOf(value);
}
