import { Form, type FormProps } from 'antd-mobile';
import { focusTappedField } from '@/lib/focus-tapped-field.ts';

// antd-mobile's types leave out the <form> attributes it passes on to the element.
const nativeValidationOff = { noValidate: true };

/**
 * antd-mobile's Form with the browser's own validation off: a malformed email would otherwise stop
 * the submit with the browser's bubble, in the browser's language, before the app's check runs and
 * shows SPEC §5's message in the app's. Every form of the app is an AppForm (`Form.Item`,
 * `Form.useForm` still come from antd-mobile). Its fields are checked by a shared schema in
 * `onFinish` (lib/validate-form.ts), never by antd `rules`: antd calls `onFinish` only once its own
 * rules pass, so the schema's messages would come in a second wave (issue 24). A tap anywhere on a
 * field's row focuses its field (lib/focus-tapped-field.ts); the wrapper adds no box (`display: contents`).
 */
export function AppForm(props: FormProps) {
  return (
    <div className="app-form" onClick={focusTappedField}>
      <Form {...props} {...nativeValidationOff} />
    </div>
  );
}
