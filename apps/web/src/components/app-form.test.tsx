// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Checkbox, Form } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { AppForm } from './app-form.tsx';
import { FormInput } from './form-input.tsx';

afterEach(() => {
  cleanup();
});

/** A form as the pages build them: vertical rows of label and field, one with a button beside it. */
function renderForm() {
  render(
    <AppForm layout="vertical" mode="card">
      <Form.Item name="cardNumber" label="Card number">
        <FormInput testId="number" />
      </Form.Item>
      <Form.Item
        name="code"
        label="Code"
        extra={
          <button type="button" data-testid="send">
            Send
          </button>
        }
      >
        <FormInput testId="code" />
      </Form.Item>
      <Form.Item name="agreed" valuePropName="checked">
        <Checkbox data-testid="agree">I agree</Checkbox>
      </Form.Item>
    </AppForm>,
  );
}

const rowOf = (testId: string) => screen.getByTestId(testId).closest('.adm-form-item')!;

describe('AppForm (issue 24: the whole row is the field)', () => {
  it("focuses a row's field from the row's padding, and from its label", () => {
    renderForm();
    fireEvent.click(rowOf('number').querySelector('.adm-list-item-content-main')!);
    expect(document.activeElement).toBe(screen.getByTestId('number'));
    fireEvent.click(rowOf('code').querySelector('.adm-list-item-content')!);
    expect(document.activeElement).toBe(screen.getByTestId('code'));
    expect(screen.getByText('Card number').closest('label')?.htmlFor).toBe(screen.getByTestId('number').id);
  });

  it("leaves a row's own controls alone: its button, and a checkbox is never focused from beside it", () => {
    renderForm();
    fireEvent.click(screen.getByTestId('send'));
    expect(document.activeElement).not.toBe(screen.getByTestId('code'));
    fireEvent.click(rowOf('agree').querySelector('.adm-list-item-content-main')!);
    expect(document.activeElement?.getAttribute('type')).not.toBe('checkbox');
  });
});
