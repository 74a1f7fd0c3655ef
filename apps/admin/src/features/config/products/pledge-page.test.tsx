import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode } from '@kpc/shared';
import type { TOperatorRole, TPledgeTermsRow } from '@kpc/shared/operator';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client.ts';
import { SessionContext } from '@/lib/session.ts';
import { resetConsole, sessionFor, stubOperatorApi, type StubHandler } from '@/testing/console-test.tsx';
import PledgeConfigPage from './pledge-page.tsx';

afterEach(() => {
  resetConsole();
  queryClient.clear();
});

const ROW: TPledgeTermsRow = {
  id: '1',
  days: 30,
  dailyRate: '0.001',
  minAmount: '100',
  earlyPenaltyRate: '0.1',
  status: 'active',
  sortOrder: 0,
  version: 2,
};

async function openPage(roles: TOperatorRole[], save: StubHandler = () => ({ data: { list: [ROW] } })) {
  const api = stubOperatorApi({
    '/auth/me': () => ({ data: sessionFor(roles) }),
    '/config/pledge/list': () => ({ data: { list: [ROW] } }),
    '/config/history': () => ({ data: { list: [] } }),
    '/config/pledge/save': save,
  });
  // The page inside the console's providers, signed in with `roles` (the domain route's dispatch
  // page is another part's).
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <SessionContext value={sessionFor(roles)}>
          <PledgeConfigPage />
        </SessionContext>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await screen.findByTestId('config-products-pledge', {}, { timeout: 15_000 });
  await screen.findByTestId('config-edit-1');
  return api;
}

describe('the pledge terms page', () => {
  it('shows a refused rate change with its reason on screen, after a before -> after confirmation', async () => {
    const api = await openPage(['admin', 'finance'], () => ({
      code: ErrorCode.CONFIG_RATE_RANGE,
      msg: 'The daily rate must be between 0 and 0.005.',
    }));
    expect(screen.getByText('0.001 (0.1%)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('config-edit-1'));
    const rate = await screen.findByTestId('config-field-dailyRate');
    fireEvent.change(rate, { target: { value: '0.006' } });
    fireEvent.change(screen.getByTestId('config-reason'), { target: { value: 'Raise the rate' } });
    fireEvent.click(screen.getByTestId('config-save'));

    const confirmation = await screen.findByTestId('config-confirm');
    expect(within(confirmation).getByText(/0\.001 \(0\.1%\) →/)).toBeTruthy();
    expect(within(confirmation).getByText('0.006 (0.6%)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /confirm/i }));

    const error = await screen.findByTestId('config-error');
    expect(error.textContent).toContain('The daily rate must be between 0 and 0.005.');
    await waitFor(() => expect(api.sent('/config/pledge/save')).toHaveLength(1));
    expect(api.sent('/config/pledge/save')[0]).toEqual({
      id: '1',
      version: 2,
      days: 30,
      dailyRate: '0.006',
      minAmount: '100',
      earlyPenaltyRate: '0.1',
      reason: 'Raise the rate',
    });
  });

  it('lets an admin without finance offer and withdraw rows but not change terms', async () => {
    await openPage(['admin']);
    expect(screen.getByTestId<HTMLButtonElement>('config-edit-1').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('config-new').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('config-availability-1').disabled).toBe(false);
  });
});
