import { Form, type FormProps } from 'antd-mobile';

// antd-mobile's types leave out the <form> attributes it passes on to the element.
const nativeValidationOff = { noValidate: true };

/**
 * antd-mobile's Form with the browser's own validation off: a malformed email would otherwise stop
 * the submit with the browser's bubble, in the browser's language, before the app's check runs and
 * shows SPEC §5's message in the app's. Every form of the app is an AppForm (`Form.Item`,
 * `Form.useForm` still come from antd-mobile).
 */
export function AppForm(props: FormProps) {
  return <Form {...props} {...nativeValidationOff} />;
}
