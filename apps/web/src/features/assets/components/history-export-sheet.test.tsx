// @vitest-environment happy-dom
import type { TAssetListResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { callsTo, ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { defaultExportRange, shiftDate } from '@/features/assets/utils/export-dates.ts';
import { HistoryExportSheet } from './history-export-sheet.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const assetList: TAssetListResponse = {
  lst: ['USDT', 'KPC'].map((asset) => ({
    asset,
    decimals: 6,
    available: '1',
    frozen: '0',
    income: '0',
    locked: '0',
    staked: '0',
    valueUsdt: '1',
  })),
  allQuantity: '2',
  parts: { available: '2', frozen: '0', income: '0', locked: '0', staked: '0' },
  price: '0.1',
};
const CSV = '\uFEFFTime (UTC),Type,Asset\r\n2026-11-27T10:00:00.000Z,dev_faucet,USDT\r\n';

const fetchMock = vi.fn<typeof fetch>();
let answerExport: () => Promise<Response>;
let saved: { file: Blob; name: string }[];
const onClose = vi.fn();

function renderSheet(source: 'asset_flow' | 'financial_records' = 'asset_flow', asset = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HistoryExportSheet isOpen onClose={onClose} source={source} asset={asset} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  useUserStore.setState({ token: 'member-token' });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/ass/lst') return Promise.resolve(jsonResponse(ok(assetList)));
    if (path === '/ass/export') return answerExport();
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  answerExport = () =>
    Promise.resolve(new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
  saved = [];
  let file: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    file = blob as Blob;
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ file: file!, name: this.download });
  });
  vi.mocked(showToast).mockClear();
  onClose.mockClear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('HistoryExportSheet', () => {
  it('opens on the last 30 days (UTC) and the page’s records, with every asset to choose', async () => {
    renderSheet();
    const { fromDate, toDate } = defaultExportRange(new Date());
    expect(fromDate).toBe(shiftDate(toDate, -30));
    expect(textOf('history-export-fromDate-value')).toBe(fromDate);
    expect(textOf('history-export-toDate-value')).toBe(toDate);
    expect(textOf('history-export-sheet')).toContain('UTC');
    expect(
      screen.getByTestId('history-export-source-asset_flow').closest('[aria-selected]')?.getAttribute('aria-selected'),
    ).toBe('true');
    await waitFor(() => expect(screen.getByTestId('history-export-asset-KPC')).toBeTruthy());
  });

  it('fetches the file with the token in its header, saves it under its name, and closes', async () => {
    renderSheet();
    const { fromDate, toDate } = defaultExportRange(new Date());
    await press('history-export-submit');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sentBodies(fetchMock, '/ass/export')).toEqual([{ source: 'asset_flow', fromDate, toDate }]);
    const [, init] = callsTo(fetchMock, '/ass/export')[0]!;
    expect((init?.headers as Record<string, string>).token).toBe('member-token');
    // The token never travels in a URL.
    expect(callsTo(fetchMock, '/ass/export')[0]![0]).not.toContain('member-token');
    expect(saved[0]!.name).toBe(`kpc-asset-flow-${fromDate}-${toDate}.csv`);
    expect(await saved[0]!.file.text()).toContain('2026-11-27T10:00:00.000Z,dev_faucet,USDT\r\n');
    expect(showToast).toHaveBeenCalledWith('CSV file saved');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('exports the records and the asset chosen', async () => {
    renderSheet('asset_flow', 'USDT');
    await waitFor(() => expect(screen.getByTestId('history-export-asset-KPC')).toBeTruthy());
    await press('history-export-source-financial_records');
    await press('history-export-asset-KPC');
    await press('history-export-submit');
    await waitFor(() => expect(saved).toHaveLength(1));
    const { fromDate, toDate } = defaultExportRange(new Date());
    expect(sentBodies(fetchMock, '/ass/export')).toEqual([
      { source: 'financial_records', fromDate, toDate, asset: 'KPC' },
    ]);
    expect(saved[0]!.name).toBe(`kpc-financial-records-${fromDate}-${toDate}.csv`);
  });

  it('stays open and saves nothing when the server refuses (the client toasts its message)', async () => {
    answerExport = () =>
      Promise.resolve(
        jsonResponse({ code: 1001, msg: 'Too many attempts. Please try again in 30 seconds.', data: null }, 429),
      );
    renderSheet('financial_records');
    await press('history-export-submit');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('Too many attempts. Please try again in 30 seconds.', 1500),
    );
    expect(saved).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('history-export-sheet')).toBeTruthy();
  });

  it('opens the date picker on a day and keeps the range when it is cancelled', async () => {
    renderSheet();
    const before = textOf('history-export-fromDate-value');
    await press('history-export-fromDate');
    await waitFor(() => expect(document.querySelector('.adm-picker')).toBeTruthy());
    expect(document.querySelector('.adm-picker-header-title')?.textContent).toBe('From');
    await press(screen.getByText('Cancel', { selector: '.adm-picker-header-button' }));
    expect(textOf('history-export-fromDate-value')).toBe(before);
  });

  it('speaks the member’s language', async () => {
    await changeLocale('zh-Hans');
    renderSheet();
    expect(textOf('history-export-sheet')).toContain('导出 CSV');
    expect(textOf('history-export-submit')).toBe('下载');
  });
});
