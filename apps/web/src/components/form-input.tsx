import { INPUT_MAX_LENGTH } from '@kpc/shared';
import { Input, type InputProps } from 'antd-mobile';

type FormInputProps = InputProps & { testId: string };

/**
 * antd-mobile's Input puts `data-*` attributes on its wrapper; tests fill the `<input>` itself, so
 * the test id goes there. Other props pass through (Form.Item injects value and onChange).
 */
export function FormInput({ testId, maxLength = INPUT_MAX_LENGTH, ...props }: FormInputProps) {
  return (
    <Input
      {...props}
      maxLength={maxLength}
      ref={(input) => {
        input?.nativeElement?.setAttribute('data-testid', testId);
      }}
    />
  );
}
