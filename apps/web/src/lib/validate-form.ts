import type { Form } from 'antd-mobile';
import { translateKey } from './i18n.ts';
import { showToast } from './toast.ts';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
type FormInstance = ReturnType<typeof Form.useForm>[0];
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/**
 * Validates form values with a shared zod schema (SPEC §5) before anything is sent. On failure each
 * field shows its first message, translated from the schema's `validation.*` key; a problem that
 * belongs to no field is toasted. Returns the parsed data, or null.
 */
export function validateForm<T>(
  form: FormInstance,
  schema: { safeParse(value: unknown): ParseResult<T> },
  values: object,
): T | null {
  const fieldNames = Object.keys(form.getFieldsValue() as object);
  const result = schema.safeParse(values);
  const firstMessageByField = new Map<string, string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!firstMessageByField.has(name)) firstMessageByField.set(name, translateKey(issue.message));
    }
  }
  form.setFields(
    fieldNames.map((name) => ({
      name,
      errors: firstMessageByField.has(name) ? [firstMessageByField.get(name) ?? ''] : [],
    })),
  );
  const unplaced = [...firstMessageByField].find(([name]) => !fieldNames.includes(name));
  if (unplaced) showToast(unplaced[1]);
  return result.success ? result.data : null;
}

/** Clears the message of each field the member just changed (Form `onValuesChange`). */
export function clearChangedFieldErrors(form: FormInstance, changedValues: object): void {
  form.setFields(Object.keys(changedValues).map((name) => ({ name, errors: [] })));
}
