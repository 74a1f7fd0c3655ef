import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TOperatorRole } from '@kpc/shared/operator';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const APPLICATION = {
  id: '17',
  product: 'gold_eagle',
  network: 'mastercard',
  status: 'submitted',
  payment: 'balance',
  paid: '170',
  rejectReason: null,
  createdAt: '2026-05-03T10:00:00.000Z',
  decidedAt: null,
  issuedAt: null,
  cardRecordId: null,
  memberId: '9b2d6a3e-31a4-4a3c-9a51-2f7e5d1c0b11',
  memberEmail: 'holder@example.com',
  holderName: null,
  nationality: null,
  documentType: null,
  documentLast4: null,
  issuerRef: 'app_1',
  decision: null,
  decidedBy: null,
  issuedBy: null,
  refundedAt: null,
  initialTopUp: null,
};
const WITH_KYC = {
  ...APPLICATION,
  holderName: 'Jane Doe',
  nationality: 'SG',
  documentType: 'passport',
  documentLast4: '5678',
};

async function openQueue(roles: TOperatorRole[]) {
  const api = stubOperatorApi({
    '/auth/me': () => ({ data: sessionFor(roles) }),
    '/card/applications': () => ({ data: { list: [APPLICATION], nextCursor: null } }),
    '/card/application': () => ({ data: WITH_KYC }),
  });
  await renderConsole('/cards');
  await screen.findByText('holder@example.com', {}, { timeout: 15_000 });
  return api;
}

describe('the card applications queue', () => {
  it('asks for the applications awaiting review first, and filters by state', async () => {
    const api = await openQueue(['compliance']);
    expect(api.sent('/card/applications')[0]).toMatchObject({ status: 'submitted' });
    fireEvent.click(screen.getByText('Approved, to issue'));
    await waitFor(() => expect(api.sent('/card/applications').at(-1)).toMatchObject({ status: 'kyc_approved' }));
    fireEvent.click(within(screen.getByTestId('application-status-filter')).getByText('All'));
    await waitFor(() => expect(api.sent('/card/applications').at(-1)).not.toHaveProperty('status'));
  });

  it('opens an application with its KYC details (one audited view) and offers approve and reject to compliance', async () => {
    const api = await openQueue(['compliance']);
    expect(api.sent('/card/application')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('application-17'));
    const kyc = await screen.findByTestId('application-kyc');
    await within(kyc).findByText('Jane Doe');
    expect(within(kyc).getByText('Passport')).toBeTruthy();
    expect(within(kyc).getByText('…5678')).toBeTruthy();
    expect(screen.getByTestId('approve-application')).toBeTruthy();
    expect(screen.getByTestId('reject-application')).toBeTruthy();
    expect(api.sent('/card/application')).toEqual([{ id: '17' }]);
  });

  it('shows support the application read-only: no decisions', async () => {
    await openQueue(['support']);
    fireEvent.click(screen.getByTestId('application-17'));
    await screen.findByText('Jane Doe');
    expect(screen.queryByTestId('approve-application')).toBeNull();
    expect(screen.queryByTestId('reject-application')).toBeNull();
  });
});
