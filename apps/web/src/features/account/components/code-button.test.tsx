// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { EmailCodeButton } from './code-button.tsx';
import { jsonResponse as answer } from '@/testing/json-response.ts';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderButton(email: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailCodeButton purpose="register" getEmail={() => email} testId="code-button" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('code-button');
}

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  await changeLocale('en');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EmailCodeButton (SPEC §4)', () => {
  it('checks the email first and sends nothing when it is wrong', async () => {
    const button = renderButton('not-an-email');
    await click(button);
    expect(showToast).toHaveBeenCalledWith('Please enter a correct email');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button.textContent).toBe('Get code');
  });

  it('counts down from the server cooldown, then offers Resend', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: { cooldownSeconds: 3 } }));
    const button = renderButton(' Member@Example.com ');
    await click(button);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/acc/sendCode');
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'member@example.com', purpose: 'register' });
    expect(button.textContent).toBe('Resend in 3s');
    expect(button).toHaveProperty('disabled', true);

    await advance(1000);
    expect(button.textContent).toBe('Resend in 2s');
    await advance(2000);
    expect(button.textContent).toBe('Resend');
    expect(button).toHaveProperty('disabled', false);
  });

  it('only toasts the server message when the server answers cooldown (1100)', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ code: 1100, msg: 'Please wait 42 seconds before asking again', data: null }),
    );
    const button = renderButton('member@example.com');
    await click(button);
    expect(showToast).toHaveBeenCalledWith('Please wait 42 seconds before asking again', 1500);
    expect(button.textContent).toBe('Get code');
    expect(button).toHaveProperty('disabled', false);
  });
});
