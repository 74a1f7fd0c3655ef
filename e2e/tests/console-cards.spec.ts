import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
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
import { memberCall } from '../support/cards.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture } from '../support/journey.ts';

// Step 8b §1: an operator issues a card from the console and the member binds it. A member applies
// for a card on a phone (a holder named "…REVIEW", whom the development sandbox issuer leaves to an
// operator); a compliance operator opens the application in the console (its KYC details), approves
// it and issues the card; the member's card tab follows each step without a reload and the member
// binds the card. The operator freezes the card (a reason, the step-up prompt) and the member's
// card page says the programme froze it; unfrozen again. Then the console in Chinese: a second
// application approved and a card issued outside imported for it. Screens in English and Chinese.
// Each test builds on the one before (one server, one development administrator).

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);
// Two browsers and the server share a busy machine: a step may take longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const ADMIN_PASSWORD = 'admin console passphrase';
const COMPLIANCE_PASSWORD = 'compliance console passphrase';
const COMPLIANCE_EMAIL = `compliance.cards.${Date.now()}@kpc.local`;

/** Held by the development sandbox for an operator: its last name contains "REVIEW". */
const HOLDER = {
  firstName: 'ALEX',
  lastName: 'REVIEWER',
  dateOfBirth: '1990-05-17',
  nationality: 'HK',
  documentType: 'passport',
  documentNumber: 'K1234567',
  address: { line1: '8 Finance Street', city: 'Hong Kong', postalCode: '999077', country: 'HK' },
  phone: '+852 9123 4567',
};

let complianceLink = '';
let compliance: Authenticator;
let member: { page: Page; email: string; close: () => Promise<void> } | null = null;
let applicationId = '';
let cardId = '';

/** A member on a phone with USDT to pay for applications, on the card tab. */
async function phoneMember(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const email = await loginNewMember(page, 'console.cards');
  await seedFunds(page, { asset: 'USDT', amount: '2000', bucket: 'available' });
  return { page, email, close: () => context.close() };
}

async function apply(page: Page, product: 'gold_eagle' | 'royal_black_eagle') {
  const application = await memberCall<{ id: string; status: string }>(page, 'card/apply', {
    requestId: randomUUID(),
    product,
    network: 'mastercard',
    holder: HOLDER,
    payment: { method: 'balance' },
  });
  expect(application.status).toBe('submitted');
  return application.id;
}

test('the administrator enrols and invites a compliance operator', async ({ page }) => {
  test.setTimeout(120_000);
  const answer = await page.request.post('/api/dev/operator/enrolment', { data: { email: 'admin-cards@kpc.local' } });
  const dev = (await answer.json()) as { data: { enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl, 'the development administrator has not enrolled yet').toBeTruthy();
  await page.goto(dev.data.enrolmentUrl!);
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 60_000 });
  const admin = await enrolThroughConsole(page, ADMIN_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Operators' }).click();
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(COMPLIANCE_EMAIL);
  await page.getByTestId('invite-name').fill('Cleo Compliance');
  await inputOf(page, 'role-compliance').check();
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('enrolment-link');
  await giveStepUpIfAsked(page, admin, link);
  complianceLink = await link.inputValue();
});

test('compliance approves and issues a card from the console; the member sees each step and binds it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  member = await phoneMember(browser, baseURL!);
  applicationId = await apply(member.page, 'gold_eagle');
  await member.page.getByTestId('tab-card').click();
  const memberApplication = member.page.getByTestId('card-applications').locator('li[data-status]').first();
  await expect(memberApplication).toHaveAttribute('data-status', 'submitted');

  // Compliance enrols and opens the queue: the application waits for a decision.
  await page.goto(complianceLink);
  // The console's first load on a busy machine can take a while.
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 60_000 });
  compliance = await enrolThroughConsole(page, COMPLIANCE_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Cards' }).click();
  const row = page.getByTestId('applications-table').locator('tr', { hasText: member.email });
  await expect(row).toContainText('Awaiting review', { timeout: 30_000 });
  await captureConsole(page, 'en-cards-applications');

  // The drawer shows the KYC details the programme keeps.
  await page.getByTestId(`application-${applicationId}`).click();
  const kyc = page.getByTestId('application-kyc');
  await expect(kyc).toContainText('ALEX REVIEWER');
  await expect(kyc).toContainText('Passport');
  await expect(kyc).toContainText('…4567');
  await captureConsole(page, 'en-card-application');

  await page.getByTestId('approve-application').click();
  await page.getByTestId('approve-confirm').click();
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'kyc_approved');
  // The member's card tab follows without a reload.
  await expect(memberApplication).toHaveAttribute('data-status', 'kyc_approved', { timeout: 15_000 });

  await page.getByTestId('issue-card').click();
  await captureConsole(page, 'en-card-issue-confirm');
  await page.getByTestId('issue-confirm').click();
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'issued');
  await expect(memberApplication).toHaveAttribute('data-status', 'issued', { timeout: 15_000 });
  const memberCard = member.page.getByTestId('card-items').locator('li.card-item').first();
  await expect(memberCard).toHaveAttribute('data-bound', 'false', { timeout: 15_000 });
  cardId = ((await memberCard.getAttribute('data-testid')) ?? '').slice('card-'.length);
  expect(cardId).toMatch(/^\d+$/);

  // The member binds it with the number and ID the sandbox "posted".
  await member.page.getByTestId(`card-${cardId}-bind`).click();
  await expect(member.page.getByTestId('card-bind-page')).toBeVisible();
  await member.page.getByTestId('card-bind-sandbox').click();
  await expect(member.page.getByTestId('card-bind-number')).toHaveValue(/^5\d{3} \d{4} \d{4} \d{4}$/);
  await member.page.getByTestId('card-bind-submit').click();
  await expect(member.page.getByTestId(`card-${cardId}`)).toHaveAttribute('data-bound', 'true');

  // The card's page in the console: balance (the initial top-up), top-ups, transactions.
  await page.getByTestId('application-card-link').click();
  await expect(page.getByTestId('card-facts')).toBeVisible();
  await expect(page.getByTestId('card-balance')).toHaveText('50 USDT');
  await expect(page.getByTestId('card-top-ups')).toContainText('Initial top-up');
  await captureConsole(page, 'en-card-page', { fullPage: true });

  // Frozen for the programme, with a reason: the member's card page says so, with no Unfreeze.
  await member.page.getByTestId(`card-${cardId}-open`).click();
  await expect(member.page.getByTestId('card-detail-page')).toBeVisible();
  await page.getByTestId('card-freeze').click();
  await page.getByTestId('reason-input').fill('Chargeback under investigation');
  await captureConsole(page, 'en-card-freeze');
  await page.getByTestId('reason-confirm').click();
  await giveStepUpIfAsked(page, compliance, page.getByTestId('card-operator-frozen'));
  await expect(page.getByTestId('card-status')).toHaveAttribute('data-status', 'frozen');
  await expect(member.page.getByTestId('card-detail-state')).toHaveAttribute('data-reason', 'programme', {
    timeout: 20_000,
  });
  await expect(member.page.getByTestId('card-freeze-button')).toHaveCount(0);
  await capture(member.page, 'en-card-frozen-by-programme');

  await page.getByTestId('card-unfreeze').click();
  await page.getByTestId('reason-input').fill('Cleared');
  await page.getByTestId('reason-confirm').click();
  await giveStepUpIfAsked(page, compliance, page.getByTestId('card-freeze'));
  await expect(page.getByTestId('card-status')).toHaveAttribute('data-status', 'active');
  await expect(member.page.getByTestId('card-detail-state')).toHaveCount(0, { timeout: 20_000 });
});

test('in Chinese: the queue, an application approved and a card issued outside imported for it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  expect(member, 'the member of the test before').not.toBeNull();
  // Applied (through the API, as the app does), then back on the card tab, which reads it on
  // showing and follows it by itself while it is open.
  const second = await apply(member!.page, 'royal_black_eagle');
  await member!.page.goBack();
  await expect(member!.page.getByTestId('card-list-page')).toBeVisible();
  await expect(member!.page.getByTestId(`card-application-${second}`)).toHaveAttribute('data-status', 'submitted');
  const context = await openConsoleContext(browser, baseURL!, 'zh-Hans');
  const page = await context.newPage();
  await page.goto('/admin/');
  await expect(page.getByTestId('sign-in-card')).toBeVisible({ timeout: 60_000 });
  await signInThroughConsole(page, COMPLIANCE_EMAIL, COMPLIANCE_PASSWORD, compliance);
  await page.getByTestId('console-menu').getByRole('menuitem', { name: '银行卡' }).click();
  await expect(page.getByTestId('applications-table')).toContainText('待审核');
  await captureConsole(page, 'zh-Hans-cards-applications');

  await page.getByTestId(`application-${second}`).click();
  await expect(page.getByTestId('application-kyc')).toContainText('护照');
  await captureConsole(page, 'zh-Hans-card-application');
  await page.getByTestId('approve-application').click();
  await page.getByTestId('approve-confirm').click();
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'kyc_approved');

  // A card issued outside: its details typed in; a wrong number is refused on the form first.
  await page.getByTestId('import-card').click();
  await page.getByTestId('import-card-number').fill('1234');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByText('请输入 16 位卡号。')).toBeVisible();
  await page.getByTestId('import-card-number').fill('5229 8100 0000 0006');
  await page.getByTestId('import-card-id').fill('EXT00042');
  await page.getByTestId('import-label').fill('KPC Royal Black Eagle');
  await page.getByTestId('import-region').fill('hk');
  await captureConsole(page, 'zh-Hans-card-import');
  await page.getByTestId('import-confirm').click();
  await giveStepUpIfAsked(page, compliance, page.getByTestId('application-card-link'));
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'issued');

  // The member sees the imported card (its last 4 only) without a reload.
  await expect(member!.page.getByTestId('card-items')).toContainText('0006', { timeout: 20_000 });

  await page.getByTestId('application-card-link').click();
  await expect(page.getByTestId('card-facts')).toContainText('EXT00042');
  await captureConsole(page, 'zh-Hans-card-page', { fullPage: true });
  await page.getByRole('button', { name: '返回卡片列表' }).click();
  await expect(page.getByTestId('cards-table')).toContainText('0006');
  await captureConsole(page, 'zh-Hans-cards-list');
  await context.close();
  await member!.close();
});
