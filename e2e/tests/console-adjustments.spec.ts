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
import { loginNewMember } from '../support/funds.ts';
import { SCREENSHOT_DIRECTORY } from '../support/screenshots.ts';

// Step 8b §3, a journey in Chromium: two finance operators (invited by the development
// administrator, each enrolled in a browser of their own); the first proposes a credit to a
// member and cannot approve it; the second approves it with a code from their authenticator;
// the member sees it in the asset flow, with the public reason and never the internal one.
// Pictures of the screens in English (the proposer) and Chinese (the approver).

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);

const ADMIN_PASSWORD = 'admin console passphrase';
const PASSWORD = 'finance console passphrase';
const STAMP = Date.now();
const PROPOSER_EMAIL = `proposer.${STAMP}@kpc.local`;
const APPROVER_EMAIL = `approver.${STAMP}@kpc.local`;
const PUBLIC_REASON = 'Compensation for a delayed deposit';
const INTERNAL_REASON = 'Ticket 4711: deposit credited late after a reorg';
const AMOUNT = '25.5';

let admin: Authenticator;
let proposerLink = '';
let approverLink = '';
let memberEmail = '';

async function invite(page: Page, email: string, name: string) {
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-name').fill(name);
  await inputOf(page, 'role-finance').check();
  await page.getByTestId('invite-submit').click();
  // The previous invitation's dialog stays in the page, hidden: the visible link is this one.
  const link = page.getByTestId('enrolment-link').filter({ visible: true });
  await giveStepUpIfAsked(page, admin, link);
  const url = await link.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  return url;
}

/** Enrols from a link in the page's own browser; answers the operator's authenticator. */
async function enrol(page: Page, link: string): Promise<Authenticator> {
  await page.goto(link);
  // A shared machine may take a while to open the console the first time.
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 30_000 });
  const authenticator = await enrolThroughConsole(page, PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await expect(page.getByTestId('console-menu')).toBeVisible();
  return authenticator;
}

test('the development administrator invites two finance operators', async ({ page }) => {
  test.setTimeout(120_000);
  const answer = await page.request.post('/api/dev/operator/enrolment', {
    data: { email: 'admin-adjustments@kpc.local' },
  });
  const dev = (await answer.json()) as { data: { email: string; enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl, 'a development administrator of its own').toBeTruthy();
  await page.goto(dev.data.enrolmentUrl!);
  admin = await enrolThroughConsole(page, ADMIN_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Operators' }).click();
  proposerLink = await invite(page, PROPOSER_EMAIL, 'Paula Proposer');
  approverLink = await invite(page, APPROVER_EMAIL, 'Arun Approver');
  await expect(page.getByTestId('operators-table')).toContainText(APPROVER_EMAIL);
});

test('one finance operator proposes a credit, another approves it, the member sees it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  test.skip(!proposerLink, 'needs the operators of the first test');

  // The member, on a phone.
  const memberContext = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const memberPage = await memberContext.newPage();
  memberEmail = await loginNewMember(memberPage, 'adjusted');

  // The proposer, in English.
  const proposerContext = await openConsoleContext(browser, baseURL!, 'en');
  const proposerPage = await proposerContext.newPage();
  const proposer = await enrol(proposerPage, proposerLink);
  await proposerPage.getByTestId('console-menu').getByRole('menuitem', { name: 'Adjustments' }).click();
  await expect(proposerPage.getByTestId('adjustments-table')).toBeVisible();
  await proposerPage.getByTestId('propose-open').click();
  await proposerPage.getByTestId('propose-member').fill(memberEmail);
  await proposerPage.getByTestId('propose-amount').fill(AMOUNT);
  await proposerPage.getByTestId('propose-public-reason').fill(PUBLIC_REASON);
  await proposerPage.getByTestId('propose-internal-reason').fill(INTERNAL_REASON);
  await expect(proposerPage.getByTestId('propose-preview')).toContainText('+25.5 USDT');
  await expect(proposerPage.getByTestId('propose-preview')).toContainText('-25.5 USDT');
  await captureConsole(proposerPage, 'en-adjustment-propose');
  await proposerPage.getByTestId('propose-submit').click();
  const row = proposerPage.getByTestId('adjustments-table').getByRole('row').filter({ hasText: memberEmail });
  await giveStepUpIfAsked(proposerPage, proposer, row);
  await expect(row).toContainText('0 of 1');
  await captureConsole(proposerPage, 'en-adjustments');

  // The proposer cannot approve their own proposal: the button is off, and says why.
  await row.getByTestId('adjustment-open').click();
  await expect(proposerPage.getByTestId('adjustment-approve')).toBeDisabled();
  await expect(proposerPage.getByTestId('approve-blocked-reason')).toContainText('a different finance operator');
  await expect(proposerPage.getByTestId('adjustment-detail')).toContainText(INTERNAL_REASON);
  await captureConsole(proposerPage, 'en-adjustment-detail');

  // The approver, in Chinese, at another desk: approves with a code of their own.
  const approverContext = await openConsoleContext(browser, baseURL!, 'zh-Hans');
  const approverPage = await approverContext.newPage();
  const approver = await enrol(approverPage, approverLink);
  await approverPage.goto('/admin/#/adjustments');
  const pending = approverPage.getByTestId('adjustments-table').getByRole('row').filter({ hasText: memberEmail });
  await expect(pending).toBeVisible();
  await captureConsole(approverPage, 'zh-Hans-adjustments');
  await approverPage.getByTestId('propose-open').click();
  await captureConsole(approverPage, 'zh-Hans-adjustment-propose');
  await approverPage.getByRole('button', { name: /取\s*消/ }).click();
  await pending.getByTestId('adjustment-open').click();
  await expect(approverPage.getByTestId('adjustment-approve')).toBeEnabled();
  await captureConsole(approverPage, 'zh-Hans-adjustment-detail');
  await approverPage.getByTestId('adjustment-approve').click();
  await approverPage.getByTestId('approve-code').fill(await approver.nextCode());
  await captureConsole(approverPage, 'zh-Hans-adjustment-approve');
  await approverPage.getByTestId('approve-confirm').click();
  await expect(approverPage.getByTestId('adjustment-detail').getByTestId('adjustment-status')).toHaveText('已生效');
  await expect(approverPage.getByTestId('adjustment-approvals')).toContainText('Arun Approver');
  await captureConsole(approverPage, 'zh-Hans-adjustment-accepted');

  // The member's asset flow: the adjustment, its amount and public reason; never the internal one.
  await memberPage.goto('/#/pages/asset/log');
  const item = memberPage.getByTestId('asset-log-item').first();
  await expect(item.getByTestId('asset-log-item-type')).toHaveText('Adjustment');
  await expect(item.getByTestId('asset-log-item-amount')).toContainText('+25.5');
  await expect(item.getByTestId('asset-log-item-note')).toHaveText(PUBLIC_REASON);
  await expect(memberPage.getByText('Ticket 4711')).toHaveCount(0);
  await memberPage.screenshot({ path: `${SCREENSHOT_DIRECTORY}/en-asset-log-adjustment.png` });

  await Promise.all([memberContext.close(), proposerContext.close(), approverContext.close()]);
});
