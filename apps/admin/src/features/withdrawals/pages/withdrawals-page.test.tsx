import { screen } from '@testing-library/react';
import type { TOperatorRole } from '@kpc/shared/operator';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const WITHDRAWAL = {
  id: '41',
  chainId: 31337,
  network: 'Hardhat',
  asset: 'USDT',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amount: '1500',
  fee: '15',
  feeFrom: 'balance',
  received: '1500',
  status: 'submitted',
  txHash: null,
  createdAt: '2026-05-03T10:00:00.000Z',
  memberId: '9b2d6a3e-31a4-4a3c-9a51-2f7e5d1c0b11',
  memberEmail: 'member@example.com',
  memberWallet: null,
  fromAddress: null,
  nonce: null,
  blockNumber: null,
  explorerTxUrl: null,
  updatedAt: '2026-05-03T10:00:00.000Z',
};

async function openQueue(roles: TOperatorRole[]) {
  stubOperatorApi({
    '/auth/me': () => ({ data: sessionFor(roles) }),
    '/chains/status': () => ({ data: { list: [] } }),
    '/withdrawals/list': () => ({ data: { list: [WITHDRAWAL], nextCursor: null } }),
  });
  await renderConsole('/withdrawals');
  await screen.findByText('member@example.com', {}, { timeout: 15_000 });
}

describe('the withdrawals queue', () => {
  it('lets finance select withdrawals awaiting review and approve or reject them', async () => {
    await openQueue(['finance']);
    expect(screen.getByTestId('approve-selected')).toBeTruthy();
    expect(screen.getByTestId('reject-selected')).toBeTruthy();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
  });

  it('shows support the same queue read-only: no selection, no approve or reject', async () => {
    await openQueue(['support']);
    expect(screen.queryByTestId('review-bar')).toBeNull();
    expect(screen.queryByTestId('approve-selected')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
