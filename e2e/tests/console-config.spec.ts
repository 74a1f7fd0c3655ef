import { expect, test, type Page } from '@playwright/test';
import {
  type Authenticator,
  captureConsole,
  CONSOLE_CONTEXT,
  enrolThroughConsole,
  giveStepUpIfAsked,
  inputOf,
  openConsoleContext,
} from '../support/console.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';

// Step 8b §2: an operator with the admin and finance roles changes the withdrawal fee in the
// console (a confirmation showing before -> after, the step-up asked and given, a new version in
// the history), and a member's withdraw form at 390x844 shows the new fee at once. Pictures of the
// configuration screens in English and Chinese.

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);

const ADMIN_PASSWORD = 'admin console passphrase';
const OPERATOR_PASSWORD = 'config console passphrase';
const OPERATOR_EMAIL = `config.${Date.now()}@kpc.local`;

let operatorLink = '';
let admin: Authenticator;

async function enrolFromLink(page: Page, url: string, password: string) {
  await page.goto(url);
  const authenticator = await enrolThroughConsole(page, password);
  await page.getByTestId('enrol-submit').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await expect(page.getByTestId('console-menu')).toBeVisible();
  return authenticator;
}

test('the development administrator invites an operator with the admin and finance roles', async ({ page }) => {
  test.setTimeout(180_000);
  const answer = await page.request.post('/api/dev/operator/enrolment', { data: { email: 'admin-config@kpc.local' } });
  const dev = (await answer.json()) as { code: number; data: { enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl, 'the development administrator has not enrolled yet').toBeTruthy();
  admin = await enrolFromLink(page, dev.data.enrolmentUrl!, ADMIN_PASSWORD);
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Operators' }).click();
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(OPERATOR_EMAIL);
  await page.getByTestId('invite-name').fill('Connie Config');
  await inputOf(page, 'role-admin').check();
  await inputOf(page, 'role-finance').check();
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('enrolment-link');
  await giveStepUpIfAsked(page, admin, link);
  operatorLink = await link.inputValue();
});

test("the operator changes the withdrawal fee and the member's withdraw form shows it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const context = await openConsoleContext(browser, baseURL!);
  const page = await context.newPage();
  const operator = await enrolFromLink(page, operatorLink, OPERATOR_PASSWORD);

  // The index: a card per domain, money terms marked.
  await page.goto('/admin/#/config');
  await expect(page.getByTestId('config-card-withdrawal')).toBeVisible();
  await captureConsole(page, 'en-config-index');
  await page.getByTestId('config-card-withdrawal').click();
  await expect(page.getByTestId('config-current-withdrawal')).toBeVisible();

  // A refused change: the rule on screen, nothing saved.
  await page.getByTestId('config-field-feeRate').fill('1.5');
  await page.getByTestId('config-reason').fill('a mistaken rate');
  await page.getByTestId('config-save').click();
  await page.getByTestId('config-confirm').click();
  await giveStepUpIfAsked(page, operator, page.getByTestId('config-error'));
  await expect(page.getByTestId('config-error')).toContainText('below 100%');
  await captureConsole(page, 'en-config-refused');

  await page.getByTestId('config-field-feeRate').fill('0.03');
  await page.getByTestId('config-field-minFee').fill('3');
  await page.getByTestId('config-reason').fill('network costs rose');
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('config-confirm-diff')).toContainText('0.01 → 0.03');
  await captureConsole(page, 'en-config-confirm');
  await page.getByTestId('config-confirm').click();
  await expect(page.getByTestId('config-history-withdrawal')).toContainText('network costs rose');
  await expect(page.getByTestId('config-current-withdrawal')).toContainText('0.03');
  await captureConsole(page, 'en-config-withdrawal', { fullPage: true });

  // The member's withdraw form, on a phone.
  const memberContext = await browser.newContext({
    baseURL: baseURL!,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const memberPage = await memberContext.newPage();
  await loginNewMember(memberPage, 'config-member');
  await seedFunds(memberPage, { asset: 'USDT', amount: '100', bucket: 'available' });
  await memberPage.goto('/#/pages/asset/withdraw');
  await expect(memberPage.getByTestId('withdraw-notes')).toContainText('at least 3 USDT');
  await expect(memberPage.getByTestId('withdraw-notes')).toContainText('3%');
  await memberContext.close();

  // The other domains' screens, in English and in Chinese.
  for (const language of ['en', 'zh-Hans'] as const) {
    await page.evaluate((code) => localStorage.setItem('kpc-console:language', code), language);
    for (const domain of ['withdrawal', 'exchange', 'assets', 'levels', 'airdrop']) {
      await page.goto(`/admin/#/config/${domain}`);
      await expect(page.getByTestId(`config-history-${domain}`)).toBeVisible();
      await captureConsole(page, `${language}-config-${domain}`, { fullPage: true });
    }
    await page.goto('/admin/#/config');
    await expect(page.getByTestId('config-card-airdrop')).toBeVisible();
    await captureConsole(page, `${language}-config-index`);
  }

  // The journeys share one server: the fee goes back to the defaults the other journeys expect.
  await page.evaluate(() => localStorage.setItem('kpc-console:language', 'en'));
  await page.goto('/admin/#/config/withdrawal');
  await page.getByTestId('config-field-feeRate').fill('0.01');
  await page.getByTestId('config-field-minFee').fill('1');
  await page.getByTestId('config-reason').fill('back to the usual terms');
  await page.getByTestId('config-save').click();
  await page.getByTestId('config-confirm').click();
  await giveStepUpIfAsked(
    page,
    operator,
    page.getByTestId('config-history-withdrawal').getByText('back to the usual terms'),
  );
  await expect(page.getByTestId('config-current-withdrawal')).toContainText('0.01');
  await context.close();
});
