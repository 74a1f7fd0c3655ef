import { ZCardHolder, type TCardHolder } from '@kpc/shared';

/**
 * The application form is flat (one antd-mobile field per input: `addressLine1`, not
 * `address.line1`), so that each field can show its own message; the wire's holder is nested. These
 * map one to the other, and the shared schemas' issues back to the field that caused them.
 */
export const HOLDER_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'nationality',
  'documentType',
  'documentNumber',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
] as const;
export type THolderField = (typeof HOLDER_FIELDS)[number];
export type THolderFormValues = Partial<Record<THolderField, string>>;

/** The form field of each address part. */
const ADDRESS_FIELDS: Record<string, THolderField> = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  country: 'country',
};

/** An optional field left empty is left out (the schemas would read '' as a malformed postal code). */
function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** What the member typed, as ZCardHolder reads it. */
export function toHolderInput(values: THolderFormValues) {
  return {
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    dateOfBirth: values.dateOfBirth ?? '',
    nationality: values.nationality ?? '',
    documentType: values.documentType,
    documentNumber: values.documentNumber ?? '',
    address: {
      line1: values.addressLine1 ?? '',
      line2: optional(values.addressLine2),
      city: values.city ?? '',
      region: optional(values.region),
      postalCode: optional(values.postalCode),
      country: values.country ?? '',
    },
    phone: values.phone ?? '',
  };
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The form field an issue of ZCardHolder belongs to, as `validateForm` places it. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'address') return ADDRESS_FIELDS[second ?? ''] ?? 'addressLine1';
  return first ?? 'firstName';
}

/**
 * A schema for `validateForm` over the flat holder form, checked by the shared ZCardHolder so each
 * message is the server's own; each issue is placed on its flat field.
 */
export const holderFormSchema = {
  safeParse(values: unknown): { success: true; data: TCardHolder } | { success: false; error: { issues: Issue[] } } {
    const result = ZCardHolder.safeParse(toHolderInput(values as THolderFormValues));
    if (result.success) return { success: true, data: result.data };
    return {
      success: false,
      error: { issues: result.error.issues.map((issue) => ({ path: [fieldOf(issue.path)], message: issue.message })) },
    };
  },
};
