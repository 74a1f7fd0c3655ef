/** Two views of a record (an audit entry's, a configuration version's), field by field. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Every field of `before` and `after`, side by side; the changed ones highlighted. */
export function diffRows(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields.map((field) => {
    const from = before?.[field];
    const to = after?.[field];
    return { field, before: from, after: to, changed: JSON.stringify(from) !== JSON.stringify(to) };
  });
}

/** A value as one line of text: strings as they are, anything else as JSON, missing as a dash. */
export const showValue = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
