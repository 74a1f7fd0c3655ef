import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The full-width primary button that submits a form, spinning while the call runs. */
export function SubmitButton({
  testId,
  isLoading,
  children,
}: {
  testId: string;
  isLoading: boolean;
  children: ReactNode;
}) {
  return (
    <Button block type="submit" color="primary" size="large" loading={isLoading} data-testid={testId}>
      {children}
    </Button>
  );
}
