// @vitest-environment happy-dom
import type { TWithdrawChannel, TWithdrawChannelsResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import { WithdrawPage } from './withdraw-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const polygon: TWithdrawChannel = {
  chainId: 137,
  network: 'Polygon',
  asset: 'USDT',
  status: 'open',
  minimum: '10',
  feeRate: '0.01',
  minFee: '1',
  decimals: 6,
};
const bsc: TWithdrawChannel = { ...polygon, chainId: 56, network: 'BSC', status: 'paused' };

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
/** What the server answers per path; `apply` may be replaced by a test. */
let answers: Record<string, () => unknown>;

function channelsAnswer(overrides: Partial<TWithdrawChannelsResponse> = {}) {
  return ok({ list: [polygon, bsc], email: 'm***@example.com', ...overrides });
}

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WithdrawPage />
    </QueryClientProvider>,
  );
  await screen.findByTestId('withdraw-page');
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** Presses a button and lets the calls it starts settle. */
/** The form's button: checks the form, then opens the review sheet. */
async function submit() {
  await press('withdraw-submit');
}

/** The review sheet's Confirm: sends the withdrawal. */
async function confirm() {
  await press('withdraw-review-confirm');
}

/** The review sheet has gone (it slides away, then unmounts). */
async function expectNoReview() {
  await waitFor(() => expect(screen.queryByTestId('withdraw-review')).toBeNull());
}

async function fillForm(amount = '20', code = '111111') {
  await screen.findByText('Available 100 USDT');
  type('withdraw-address', ADDRESS);
  type('withdraw-amount', amount);
  type('withdraw-code', code);
}

/** The texts of the form's messages under its fields and under the amount. */
function shownErrors(): string[] {
  return [...document.querySelectorAll('.adm-form-item-feedback-error, .amount-field__error')].map(
    (node) => node.textContent ?? '',
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/asset/withdraw' });
  useUserStore.setState({ token: 'member-token', address: '' });
  answers = {
    '/withdraw/channels': () => channelsAnswer(),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '100', frozen: '0', income: '0', valueUsdt: '100' }],
        allQuantity: '100',
        price: '0.5',
      }),
    '/withdraw/sendCode': () => ok({ cooldownSeconds: 60 }),
    '/withdraw/apply': () => ok({ id: '1', status: 'approved' }),
  };
  fetchMock.mockImplementation((input) => {
    const answer = answers[pathOf(input)];
    return Promise.resolve(answer ? jsonResponse(answer()) : new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('WithdrawPage (SPEC §2 Withdraw)', () => {
  it('previews fee and amount received as the member types, and says where the fee comes from', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('withdraw-amount-balance').textContent).toBe('Available 100 USDT'));
    expect(screen.getByTestId('withdraw-summary-fee').textContent).toBe('—');

    type('withdraw-amount', '20');
    expect(screen.getByTestId('withdraw-summary-fee').textContent).toBe('1 USDT');
    expect(screen.getByTestId('withdraw-summary-received').textContent).toBe('20 USDT');
    expect(screen.getByTestId('withdraw-summary-deducted').textContent).toBe('21 USDT');
    expect(screen.getByTestId('withdraw-fee-from').textContent).toContain(
      'taken from your remaining available balance',
    );

    // All leaves nothing for the fee: it comes out of the amount.
    fireEvent.click(screen.getByTestId('withdraw-amount-all'));
    expect(screen.getByTestId('withdraw-summary-received').textContent).toBe('99 USDT');
    expect(screen.getByTestId('withdraw-summary-deducted').textContent).toBe('100 USDT');
    expect(screen.getByTestId('withdraw-fee-from').textContent).toContain('taken from the withdrawal amount');

    expect(screen.getByTestId('withdraw-notes').textContent).toContain('The minimum withdrawal is 10 USDT.');
    expect(screen.getByTestId('withdraw-notes').textContent).toContain('The fee is 1% of the amount, at least 1 USDT.');
    expect(screen.getByTestId('withdraw-code-email').textContent).toBe('The code is sent to m***@example.com');
  });

  it('checks every field before anything is sent', async () => {
    await renderPage();
    await screen.findByText('Available 100 USDT');
    await submit();
    expect(shownErrors()).toEqual(['Enter address', 'Enter amount', 'Enter verification code']);

    type('withdraw-address', '0x1234');
    type('withdraw-amount', '5');
    type('withdraw-code', '123456');
    await submit();
    expect(shownErrors()).toEqual(['Please enter a correct address', 'The minimum amount is 10 USDT']);

    type('withdraw-amount', '100.5');
    expect(shownErrors()).toContain('Insufficient balance');
    expect(screen.queryByTestId('withdraw-review')).toBeNull();
    expect(sentBodies(fetchMock, '/withdraw/apply')).toHaveLength(0);
  });

  it('mails the code, reviews the withdrawal in full, and opens the new withdrawal', async () => {
    await renderPage();
    await screen.findByText('Available 100 USDT');
    await press('withdraw-code-button');
    expect(showToast).toHaveBeenCalledWith('Verification code sent');
    expect(screen.getByTestId('withdraw-code-button').textContent).toBe('Resend in 60s');

    // A pasted address keeps no whitespace, and the field holds all of it.
    type('withdraw-address', ` ${ADDRESS}\n`);
    expect(screen.getByTestId('withdraw-address')).toHaveProperty('value', ADDRESS);
    expect(screen.getByTestId('withdraw-address').tagName).toBe('TEXTAREA');
    type('withdraw-amount', '20');
    type('withdraw-code', '111111');

    // The form's button only opens the review: network, the whole address, amount, fee, received.
    await submit();
    expect(sentBodies(fetchMock, '/withdraw/apply')).toHaveLength(0);
    expect(screen.getByTestId('withdraw-review-network').textContent).toBe('Polygon');
    expect(screen.getByTestId('withdraw-review-address').textContent).toBe(ADDRESS);
    expect(screen.getByTestId('withdraw-review-amount').textContent).toBe('20 USDT');
    expect(screen.getByTestId('withdraw-review-fee').textContent).toBe('1 USDT');
    expect(screen.getByTestId('withdraw-review-received').textContent).toBe('20 USDT');
    expect(screen.getByTestId('withdraw-review-deducted').textContent).toBe('21 USDT');
    expect(screen.getByTestId('withdraw-review-fee-from').textContent).toContain(
      'taken from your remaining available balance',
    );
    expect(screen.getByTestId('withdraw-review-warning').textContent).toBe(
      'Check the network and address: a withdrawal sent to a wrong address cannot be recovered.',
    );

    // A refusal (a wrong code) goes back to the form to be corrected.
    answers['/withdraw/apply'] = () => ({ code: 1101, msg: 'The verification code is wrong', data: null });
    await confirm();
    expect(showToast).toHaveBeenCalledWith('The verification code is wrong', 1500);
    expect(navigate).not.toHaveBeenCalled();
    await expectNoReview();

    answers['/withdraw/apply'] = () => ok({ id: '1', status: 'approved' });
    type('withdraw-code', '222222');
    await submit();
    await confirm();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Withdrawal submitted successfully'));
    // On to the new withdrawal's own page, in place of the form.
    expect(navigate).toHaveBeenCalledWith('/pages/asset/withdraw/detail?id=1', { replace: true });

    // The corrected code is the same withdrawal: the same request id, so it applies once.
    const [first, second] = sentBodies(fetchMock, '/withdraw/apply');
    expect(second).toEqual({
      requestId: first?.requestId,
      chainId: 137,
      asset: 'USDT',
      address: ADDRESS,
      amount: '20',
      feeRate: '0.01',
      minFee: '1',
      code: '222222',
    });
    expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends nothing on Cancel, and exactly once on Confirm however often it is pressed', async () => {
    await renderPage();
    await fillForm();
    await submit();
    await press('withdraw-review-cancel');
    await expectNoReview();
    expect(sentBodies(fetchMock, '/withdraw/apply')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    // The form is as it was.
    expect(screen.getByTestId('withdraw-address')).toHaveProperty('value', ADDRESS);
    expect(screen.getByTestId('withdraw-amount')).toHaveProperty('value', '20');

    let answer: (response: Response) => void = () => undefined;
    answers['/withdraw/apply'] = () => ok({ id: '9', status: 'approved' });
    const later = new Promise<Response>((resolve) => (answer = resolve));
    fetchMock.mockImplementationOnce((input) => {
      expect(pathOf(input)).toBe('/withdraw/apply');
      return later;
    });
    await submit();
    const confirmButton = screen.getByTestId('withdraw-review-confirm');
    fireEvent.click(confirmButton);
    fireEvent.click(confirmButton);
    await press('withdraw-review-confirm');
    expect(sentBodies(fetchMock, '/withdraw/apply')).toHaveLength(1);
    expect(screen.getByTestId('withdraw-review-confirm').className).toContain('adm-button-loading');
    await act(async () => {
      answer(jsonResponse(ok({ id: '9', status: 'approved' })));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(sentBodies(fetchMock, '/withdraw/apply')).toHaveLength(1);
  });

  it('keeps the review after a lost answer and retries under the same request id; a changed form gets a new one', async () => {
    await renderPage();
    await fillForm();
    await submit();
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network down')));
    await confirm();
    expect(showToast).toHaveBeenCalledWith('The system has a problem, please try again later', 1500);
    // The withdrawal may have gone through unseen: the same review, for the same withdrawal.
    expect(screen.getByTestId('withdraw-review')).toBeTruthy();
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network down')));
    await confirm();
    const [first, retry] = sentBodies(fetchMock, '/withdraw/apply');
    expect(retry?.requestId).toBe(first?.requestId);

    // Another amount is another withdrawal.
    await press('withdraw-review-cancel');
    await expectNoReview();
    type('withdraw-amount', '21');
    await submit();
    expect(screen.getByTestId('withdraw-review-amount').textContent).toBe('21 USDT');
    await confirm();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const changed = sentBodies(fetchMock, '/withdraw/apply')[2];
    expect(changed?.amount).toBe('21');
    expect(changed?.requestId).not.toBe(first?.requestId);
  });

  it('shows why a paused channel takes no withdrawal', async () => {
    await renderPage();
    await screen.findByText('Available 100 USDT');
    expect(screen.queryByTestId('withdraw-channel-notice')).toBeNull();
    expect(screen.getByText('Paused')).toBeTruthy();
    fireEvent.click(screen.getByTestId('withdraw-network-56'));
    expect(screen.getByTestId('withdraw-channel-notice').textContent).toBe(
      'The current channel is temporarily unavailable.',
    );
    expect(screen.getByTestId('withdraw-submit')).toHaveProperty('disabled', true);
  });

  it('explains instead of showing the form when the account has no email', async () => {
    answers['/withdraw/channels'] = () => channelsAnswer({ email: null });
    await renderPage();
    await screen.findByTestId('withdraw-email-required');
    expect(screen.getByTestId('withdraw-email-required').textContent).toContain('An email is required to withdraw');
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
  });

  it('offers the bound wallet as the address', async () => {
    useUserStore.setState({ address: ADDRESS });
    await renderPage();
    const useWallet = await screen.findByTestId('withdraw-use-wallet');
    expect(useWallet.textContent).toBe('Use my bound wallet 0x8b...BA72');
    fireEvent.click(useWallet);
    expect(screen.getByTestId('withdraw-address')).toHaveProperty('value', ADDRESS);
  });
});
