import { expect, test, type Page } from '@playwright/test';
import {
  type Authenticator,
  captureConsole,
  CONSOLE_CONTEXT,
  enrolThroughConsole,
  giveStepUpIfAsked,
  inputOf,
  openConsoleContext,
  signInThroughConsole,
} from '../support/console.ts';

// Step 8b §2 (config-products): the product configuration pages in English and Chinese at
// 1440x900. The development administrator invites an operator holding admin and finance (money
// terms need both), who opens each page and changes one pledge term (confirmation before -> after,
// the step-up prompt); the table and the history show the new version.

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);

const DOMAINS = ['plan', 'esop', 'pledge', 'klk', 'card', 'channels'] as const;
const ADMIN_PASSWORD = 'admin console passphrase';
const TERMS_PASSWORD = 'terms console passphrase';
const TERMS_EMAIL = `terms.${Date.now()}@kpc.local`;

let terms: Authenticator;

async function enrolFromLink(page: Page, link: string, password: string): Promise<Authenticator> {
  await page.goto(link);
  const authenticator = await enrolThroughConsole(page, password);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await expect(page.getByTestId('console-menu')).toBeVisible();
  return authenticator;
}

async function openDomain(page: Page, domain: string) {
  await page.goto(`/admin/#/config/${domain}`);
  await expect(page.getByTestId(`config-products-${domain}`)).toBeVisible();
  await expect(page.getByTestId(`config-history-${domain}`)).toBeVisible();
}

test('an admin + finance operator is invited', async ({ page }) => {
  test.setTimeout(180_000);
  const answer = await page.request.post('/api/dev/operator/enrolment', {
    data: { email: 'admin-config-products@kpc.local' },
  });
  const dev = (await answer.json()) as { code: number; data: { enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl).toBeTruthy();
  const admin = await enrolFromLink(page, dev.data.enrolmentUrl!, ADMIN_PASSWORD);
  await page.goto('/admin/#/operators');
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(TERMS_EMAIL);
  await page.getByTestId('invite-name').fill('Terms Person');
  await inputOf(page, 'role-admin').check();
  await inputOf(page, 'role-finance').check();
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('enrolment-link');
  await giveStepUpIfAsked(page, admin, link);
  const url = await link.inputValue();
  const context = await openConsoleContext(page.context().browser()!, new URL(page.url()).origin, 'en');
  terms = await enrolFromLink(await context.newPage(), url, TERMS_PASSWORD);
  await context.close();
});

/** On an open pledge term: a new daily rate with its reason, saved and confirmed. */
async function saveDailyRate(page: Page, rate: string, reason: string) {
  await inputOf(page, 'config-field-dailyRate').fill(rate);
  await page.getByTestId('config-reason').fill(reason);
  await page.getByTestId('config-save').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|确认/ })
    .click();
}

test('each product page in English; a pledge rate changed with its confirmation', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await openConsoleContext(browser, baseURL!, 'en');
  const page = await context.newPage();
  await page.goto('/admin/');
  await signInThroughConsole(page, TERMS_EMAIL, TERMS_PASSWORD, terms);
  for (const domain of DOMAINS) {
    await openDomain(page, domain);
    await captureConsole(page, `en-config-${domain}`, { fullPage: true });
  }
  await openDomain(page, 'pledge');
  await page.locator('[data-testid^="config-edit-"]').first().click();
  await inputOf(page, 'config-field-dailyRate').fill('0.002');
  await page.getByTestId('config-reason').fill('Season promotion');
  await captureConsole(page, 'en-config-pledge-edit');
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('config-confirm')).toContainText('0.002 (0.2%)');
  await captureConsole(page, 'en-config-pledge-confirm');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|确认/ })
    .click();
  const history = page.getByTestId('config-history-pledge');
  await giveStepUpIfAsked(page, terms, history.getByText('Season promotion'));
  await captureConsole(page, 'en-config-pledge-saved', { fullPage: true });

  // A rule broken: the reason stays on screen, nothing saved.
  await page.locator('[data-testid^="config-edit-"]').first().click();
  await saveDailyRate(page, '0.009', 'Too high');
  // On a slow machine the second factor may have gone stale since the save before.
  await giveStepUpIfAsked(page, terms, page.getByTestId('config-error'));
  await expect(page.getByTestId('config-error')).toContainText('0.005');
  await captureConsole(page, 'en-config-pledge-refused');

  // The journeys share one server: the term goes back to the rate the member's pledge journey expects.
  await saveDailyRate(page, '0.001', 'Promotion over');
  await giveStepUpIfAsked(page, terms, history.getByText('Promotion over'));
  await context.close();
});

test('each product page in Chinese', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await openConsoleContext(browser, baseURL!, 'zh-Hans');
  const page = await context.newPage();
  await page.goto('/admin/');
  await signInThroughConsole(page, TERMS_EMAIL, TERMS_PASSWORD, terms);
  for (const domain of DOMAINS) {
    await openDomain(page, domain);
    await captureConsole(page, `zh-Hans-config-${domain}`, { fullPage: true });
  }
  await openDomain(page, 'pledge');
  await page.locator('[data-testid^="config-edit-"]').first().click();
  await captureConsole(page, 'zh-Hans-config-pledge-edit');
  await context.close();
});
