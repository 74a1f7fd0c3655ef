// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { AssetPicker } from './asset-picker.tsx';

beforeEach(async () => {
  await changeLocale('en');
});

afterEach(cleanup);

function renderPicker(onChange = vi.fn()) {
  render(
    <AssetPicker label="Send" value="USDT" options={['USDT', 'KPC']} onChange={onChange} testId="exchange-from" />,
  );
  return onChange;
}

describe('AssetPicker', () => {
  it('shows the chosen currency with its icon, named with its label', () => {
    renderPicker();
    const button = screen.getByTestId('exchange-from');
    expect(button.querySelector('svg.token-icon')?.getAttribute('data-asset')).toBe('USDT');
    expect(button.textContent).toContain('USDT');
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
  });

  it('marks the chosen currency with a check and aria-selected, not only bold', async () => {
    renderPicker();
    fireEvent.click(screen.getByTestId('exchange-from'));
    const chosen = await screen.findByTestId('exchange-from-option-USDT');
    const other = screen.getByTestId('exchange-from-option-KPC');
    expect(chosen.getAttribute('role')).toBe('option');
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(other.getAttribute('aria-selected')).toBe('false');
    expect(chosen.querySelector('.asset-option__check')).toBeTruthy();
    expect(other.querySelector('.asset-option__check')).toBeNull();
    expect(other.querySelector('svg.token-icon')?.getAttribute('data-asset')).toBe('KPC');
    expect(screen.getByRole('listbox').getAttribute('aria-labelledby')).toBeTruthy();
  });

  it('reports the choice and closes', async () => {
    const onChange = renderPicker();
    fireEvent.click(screen.getByTestId('exchange-from'));
    fireEvent.click(await screen.findByTestId('exchange-from-option-KPC'));
    expect(onChange).toHaveBeenCalledWith('KPC');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
