// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { groupAddress, ReviewAddress, ReviewSheet, type ReviewRow } from './review-sheet.tsx';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const rows: ReviewRow[] = [
  { key: 'network', label: 'Network', value: 'Polygon' },
  { key: 'address', label: 'Address', value: <ReviewAddress address={ADDRESS} />, isWide: true },
  { key: 'received', label: 'Amount received', value: '20 USDT', isEmphasised: true },
];

function renderSheet(onConfirm: () => Promise<void> | void, onCancel = vi.fn()) {
  render(
    <ReviewSheet
      isOpen
      title="Review withdrawal"
      rows={rows}
      warning="A withdrawal sent to a wrong address cannot be recovered."
      confirmLabel="Confirm withdrawal"
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="review"
    />,
  );
  return onCancel;
}

/** A call that settles when the test says so. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

beforeEach(async () => {
  await changeLocale('en');
});

afterEach(() => {
  cleanup();
});

describe('groupAddress', () => {
  it('splits an address into groups of four after 0x, losing nothing', () => {
    const groups = groupAddress(ADDRESS);
    expect(groups).toEqual(['0x8ba1', 'f109', '551b', 'D432', '8030', '1264', '5Ac1', '36dd', 'd64D', 'BA72']);
    expect(groups.join('')).toBe(ADDRESS);
    expect(groupAddress('TXYZabcdef')).toEqual(['TXYZ', 'abcd', 'ef']);
    expect(groupAddress('')).toEqual(['']);
  });
});

describe('ReviewSheet', () => {
  it('shows every row, the whole address with its first and last characters set off, and the warning', () => {
    renderSheet(vi.fn());
    expect(screen.getByTestId('review').querySelector('.sheet__title')?.textContent).toBe('Review withdrawal');
    expect(screen.getByTestId('review-network').textContent).toBe('Polygon');
    expect(screen.getByTestId('review-address').textContent).toBe(ADDRESS);
    const edges = [...screen.getByTestId('review-address').querySelectorAll('.review-address__group--edge')];
    expect(edges.map((node) => node.textContent)).toEqual(['0x8ba1', 'BA72']);
    expect(screen.getByTestId('review-received').textContent).toBe('20 USDT');
    expect(screen.getByTestId('review-warning').textContent).toBe(
      'A withdrawal sent to a wrong address cannot be recovered.',
    );
    expect(screen.getByTestId('review-cancel').textContent).toBe('Cancel');
  });

  it('runs Confirm once however often it is pressed, loading until the call settles', async () => {
    const call = deferred();
    const onConfirm = vi.fn(() => call.promise);
    const onCancel = renderSheet(onConfirm);
    const confirm = screen.getByTestId('review-confirm');

    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await act(async () => {
      await Promise.resolve();
    });
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('review-confirm').className).toContain('adm-button-loading');
    // Nothing closes the sheet while the call runs.
    fireEvent.click(screen.getByTestId('review-cancel'));
    expect(onCancel).not.toHaveBeenCalled();

    await act(async () => {
      call.resolve();
      await call.promise;
    });
    expect(screen.getByTestId('review-confirm').className).not.toContain('adm-button-loading');
    // Settled (a failure the caller reported): Confirm can be pressed again, to retry.
    fireEvent.click(screen.getByTestId('review-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('Cancel closes without confirming', () => {
    const onConfirm = vi.fn();
    const onCancel = renderSheet(onConfirm);
    fireEvent.click(screen.getByTestId('review-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
