import type { FormInstance } from 'antd';
import { translateKey } from './i18n.ts';
import { notifyError } from './notify.ts';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/**
 * Validates a form's values with the shared zod schema the server uses, so the console and the
 * server give the same messages. Each field shows its first message, translated from the schema's
 * `validation.*` key; a problem that belongs to no field is shown as a message. Returns the parsed
 * data, or null.
 */
export function validateForm<T>(
  form: FormInstance,
  schema: { safeParse(value: unknown): ParseResult<T> },
  values: object,
  fieldNames: readonly string[] = Object.keys(values),
): T | null {
  const result = schema.safeParse(values);
  const firstMessageByField = new Map<string, string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!firstMessageByField.has(name)) firstMessageByField.set(name, translateKey(issue.message));
    }
  }
  form.setFields(
    fieldNames.map((name) => ({ name, errors: firstMessageByField.has(name) ? [firstMessageByField.get(name)!] : [] })),
  );
  const unplaced = [...firstMessageByField].find(([name]) => !fieldNames.includes(name));
  if (unplaced) notifyError(unplaced[1]);
  return result.success ? result.data : null;
}
