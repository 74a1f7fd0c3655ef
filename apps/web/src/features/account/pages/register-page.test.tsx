// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { press } from '@/testing/api-stub.ts';
import { RegisterPage } from './register-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/register/index', Component: RegisterPage }], {
    initialEntries: ['/pages/register/index'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The error messages the form shows, in field order. */
function shownErrors(): string[] {
  return [...document.querySelectorAll('.adm-form-item-feedback-error')].map((node) => node.textContent ?? '');
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterPage (issue 24 item 6: one submit shows every error)', () => {
  it('says the passwords differ on the first submit, beside the other fields’ errors', async () => {
    renderPage();
    await screen.findByTestId('register-page');
    type('register-email', 'not-an-email');
    type('register-password', 'journey passphrase');
    type('register-confirm-password', 'journey passphrase 2');
    await press('register-submit');

    await waitFor(() =>
      expect(shownErrors()).toEqual([
        'Please enter a correct email',
        'The passwords are inconsistent',
        'Enter verification code',
        'Enter invitation code',
        'Please read and agree to the Terms of Service, Privacy Policy and AML Guide',
      ]),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
