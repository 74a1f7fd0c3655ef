import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TOperatorActivationCode } from '@kpc/shared/operator';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const OWNER = '9b2d6a3e-31a4-4a3c-9a51-2f7e5d1c0b11';
const GIVER = '4c1e2f3a-31a4-4a3c-9a51-2f7e5d1c0b22';

const code = (over: Partial<TOperatorActivationCode>): TOperatorActivationCode => ({
  id: '7',
  hint: 'ABCD…WXYZ',
  status: 'unused',
  ownerId: OWNER,
  ownerEmail: 'owner@example.com',
  purchaseId: '3',
  buyerId: GIVER,
  buyerEmail: 'giver@example.com',
  createdAt: '2026-05-03T10:00:00.000Z',
  usedAt: null,
  usedFor: null,
  voidedAt: null,
  voidedReason: null,
  voidedBy: null,
  transfers: [
    {
      fromMemberId: GIVER,
      fromEmail: 'giver@example.com',
      toMemberId: OWNER,
      toEmail: 'owner@example.com',
      at: '2026-05-04T10:00:00.000Z',
    },
  ],
  ...over,
});

describe('the activation codes page', () => {
  it('asks for a code or owner before looking anything up', async () => {
    const api = stubOperatorApi({ '/auth/me': () => ({ data: sessionFor(['compliance']) }) });
    await renderConsole('/codes');
    expect(await screen.findByTestId('codes-empty', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.sent('/codes/lookup')).toEqual([]);
  });

  it('looks a code up, shows who gave it to whom, and voids it with a reason', async () => {
    let voided = false;
    const api = stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['compliance']) }),
      '/codes/lookup': () => ({
        data: {
          list: [
            voided
              ? code({
                  status: 'voided',
                  voidedAt: '2026-05-05T10:00:00.000Z',
                  voidedReason: 'Stolen',
                  voidedBy: 'Ops',
                })
              : code({}),
            code({
              id: '8',
              hint: 'EFGH…STUV',
              status: 'used',
              usedAt: '2026-05-04T12:00:00.000Z',
              usedFor: 'card_application:12',
              transfers: [],
            }),
          ],
          nextCursor: null,
        },
      }),
      '/codes/void': (body) => {
        voided = true;
        return { data: code({ id: String(body.id), status: 'voided' }) };
      },
    });
    await renderConsole('/codes?q=ABCD...WXYZ');
    expect((await screen.findByTestId('code-7-hint', {}, { timeout: 15_000 })).textContent).toBe('ABCD…WXYZ');
    expect(api.sent('/codes/lookup')[0]).toMatchObject({ query: 'ABCD...WXYZ' });
    expect(screen.getByTestId('code-7-status').textContent).toBe('Unused');
    expect(screen.getByTestId('code-8-status').textContent).toBe('Used');
    // Only an unused code can be voided.
    expect(screen.queryByTestId('code-8-void')).toBeNull();

    // The row unfolds into its history: bought by, then given from -> to.
    fireEvent.click(within(screen.getByTestId('codes-table')).getAllByRole('button', { name: /expand/i })[0]!);
    const gift = await screen.findByTestId('code-7-transfer-0');
    expect(gift.textContent).toContain('giver@example.com');
    expect(gift.textContent).toContain('owner@example.com');

    fireEvent.click(screen.getByTestId('code-7-void'));
    // A reason is required.
    fireEvent.click(await screen.findByTestId('reason-confirm'));
    await waitFor(() => expect(screen.getByText('Please give a reason.')).toBeTruthy());
    expect(api.sent('/codes/void')).toEqual([]);
    fireEvent.change(screen.getByTestId('reason-input'), { target: { value: 'Stolen' } });
    fireEvent.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(api.sent('/codes/void')).toEqual([{ id: '7', reason: 'Stolen' }]));
    await waitFor(() => expect(screen.getByTestId('code-7-status').textContent).toBe('Voided'));
    expect(screen.queryByTestId('code-7-void')).toBeNull();
  });
});
