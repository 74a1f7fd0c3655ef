import { randomUUID } from 'node:crypto';
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
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';

// Step 8b §1 (codes, global node and shareholder applications): a member applies for a global
// node in the app; a compliance operator approves it in the console with a note, and the member's
// app shows the note. The operator then looks the member's activation code up and voids it; the
// member's codes page shows it voided, and no longer offers to copy or give it. Console screens in
// English and Chinese.

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);

const ADMIN_PASSWORD = 'admin console passphrase';
const COMPLIANCE_PASSWORD = 'compliance console passphrase';
const COMPLIANCE_EMAIL = `compliance.${Date.now()}@kpc.local`;
const NOTE = 'Welcome aboard: please pay within 7 days';

/** The first administrator enrols from the development link and invites a compliance operator; answers the link. */
async function inviteCompliance(page: Page): Promise<string> {
  const answer = await page.request.post('/api/dev/operator/enrolment', {
    data: { email: 'admin-applications@kpc.local' },
  });
  const dev = (await answer.json()) as { code: number; data: { enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl).toBeTruthy();
  await page.goto(dev.data.enrolmentUrl!);
  // The machine running the journeys may be busy: the first load of the console can take a while.
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 60_000 });
  const admin: Authenticator = await enrolThroughConsole(page, ADMIN_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Operators' }).click();
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(COMPLIANCE_EMAIL);
  await page.getByTestId('invite-name').fill('Cora Compliance');
  await inputOf(page, 'role-compliance').check();
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('enrolment-link');
  await giveStepUpIfAsked(page, admin, link);
  return link.inputValue();
}

/** The console in Chinese from now on (the language switch's stored choice), reloaded. */
async function switchToChinese(page: Page) {
  await page.evaluate(() => localStorage.setItem('kpc-console:language', 'zh-Hans'));
  await page.reload();
  await expect(page.getByTestId('console-menu')).toBeVisible();
}

test('compliance approves a node application with a note the member reads, and voids a code the member then sees voided', async ({
  browser,
  baseURL,
  page: adminPage,
}) => {
  test.setTimeout(300_000);
  const link = await inviteCompliance(adminPage);

  // The member, on a phone: a partner package (codes) and a node application through the app.
  const memberContext = await browser.newContext({
    baseURL: baseURL!,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const member = await memberContext.newPage();
  const memberEmail = await loginNewMember(member, 'console-applications');
  await seedFunds(member, { asset: 'USDT', amount: '5000', bucket: 'available' });
  const headers = { 'content-type': 'application/json', token: await readToken(member), language: 'en_US' };
  const packages = (await (await member.request.post('/api/klk/packages', { headers, data: {} })).json()) as {
    data: { tiers: Array<{ id: string; level: string; price: string; payNow: string | null }> };
  };
  const agent = packages.data.tiers.find((tier) => tier.level === 'agent')!;
  const bought = await member.request.post('/api/klk/buy', {
    headers,
    data: { tierId: agent.id, amount: agent.payNow ?? agent.price, requestId: randomUUID() },
  });
  expect((await bought.json()).code).toBe(200);
  await member.goto('/#/pages/node/global');
  await member.getByTestId('node-apply-name').fill('Console Node Ltd');
  await member.getByTestId('node-apply-contact').fill('@console_node');
  await member.getByTestId('node-apply-region').fill('Singapore');
  await member.getByTestId('node-apply-submit').click();
  await expect(member.getByTestId('node-status')).toHaveAttribute('data-status', 'applied');

  // The compliance operator enrols in a browser of their own and opens the applications.
  const complianceContext = await openConsoleContext(browser, baseURL!);
  const page = await complianceContext.newPage();
  await page.goto(link);
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 60_000 });
  await enrolThroughConsole(page, COMPLIANCE_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Nodes & shareholders' }).click();
  const row = page.getByTestId('node-applications-table').locator('tr', { hasText: memberEmail });
  await expect(row).toContainText('Console Node Ltd');
  await captureConsole(page, 'en-applications');
  const approve = row.getByRole('button', { name: 'Approve' });
  const id = ((await approve.getAttribute('data-testid')) ?? '').replace(/^node-(\d+)-approve$/, '$1');
  await approve.click();
  await page.getByTestId('decision-note').fill(NOTE);
  await captureConsole(page, 'en-applications-approve');
  await page.getByTestId('decision-confirm').click();
  // Approved: it leaves the "applied" queue and shows under "approved", awaiting payment.
  await expect(page.getByTestId('node-applications-table').locator('tr', { hasText: memberEmail })).toHaveCount(0);
  await page.getByTestId('node-status-filter').getByText('Approved').click();
  await expect(page.getByTestId(`node-${id}-status`)).toHaveText('Approved');
  await expect(page.getByTestId(`node-${id}-refuse`)).toBeVisible();

  // The member's app shows the approval and the operator's note without a reload.
  await expect(member.getByTestId('node-status')).toHaveAttribute('data-status', 'approved', { timeout: 30_000 });
  await expect(member.getByTestId('node-note')).toContainText(NOTE);

  // Codes: the member's code found by their email, its story, then voided with a reason.
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Activation codes' }).click();
  await expect(page.getByTestId('codes-empty')).toBeVisible();
  await page.getByTestId('code-search').locator('input').fill(memberEmail);
  await page.getByTestId('code-search').locator('input').press('Enter');
  const codeRow = page.getByTestId('codes-table').locator('tr.ant-table-row').first();
  await expect(codeRow).toContainText(memberEmail);
  const voidButton = codeRow.getByRole('button', { name: 'Void' });
  const codeId = ((await voidButton.getAttribute('data-testid')) ?? '').replace(/^code-(\d+)-void$/, '$1');
  await codeRow.getByRole('button', { name: /expand/i }).click();
  await expect(page.getByTestId(`code-${codeId}-history`)).toContainText(memberEmail);
  await captureConsole(page, 'en-codes');
  await voidButton.click();
  await page.getByTestId('reason-input').fill('Bought with a disputed payment');
  await captureConsole(page, 'en-codes-void');
  await page.getByTestId('reason-confirm').click();
  await expect(page.getByTestId(`code-${codeId}-status`)).toHaveText('Voided');
  await expect(page.getByTestId(`code-${codeId}-void`)).toHaveCount(0);

  // The member's codes page: the code is under "used", voided, with nothing to copy or give.
  await member.goto('/#/pages/card/sdk');
  await expect(member.getByTestId('codes-tab-unused')).toContainText('0');
  await member.getByTestId('codes-tab-used').click();
  await expect(member.getByTestId(`code-${codeId}-status`)).toHaveText('Voided');
  await expect(member.getByTestId(`code-${codeId}-copy`)).toHaveCount(0);
  await expect(member.getByTestId(`code-${codeId}-give`)).toHaveCount(0);

  // The same screens in Chinese.
  await switchToChinese(page);
  await page.getByTestId('console-menu').getByRole('menuitem', { name: '激活码' }).click();
  // The menu opens the page afresh (no search); wait for it before typing, or the input remounts under the keys.
  await expect(page.getByTestId('codes-empty')).toBeVisible();
  await page.getByTestId('code-search').locator('input').fill(memberEmail);
  await page.getByTestId('code-search').locator('input').press('Enter');
  await expect(page.getByTestId(`code-${codeId}-status`)).toHaveText('已作废');
  await page.getByTestId('codes-table').locator('tr.ant-table-row').first().getByRole('button').first().click();
  await expect(page.getByTestId(`code-${codeId}-history`)).toBeVisible();
  await captureConsole(page, 'zh-Hans-codes');
  await page.getByTestId('console-menu').getByRole('menuitem', { name: '节点与股东' }).click();
  await page.getByTestId('node-status-filter').getByText('已批准').click();
  await expect(page.getByTestId(`node-${id}-status`)).toBeVisible();
  await page.getByTestId(`node-${id}-refuse`).click();
  await captureConsole(page, 'zh-Hans-applications-refuse');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await page.getByRole('tab', { name: '股东' }).click();
  await captureConsole(page, 'zh-Hans-applications-shareholders');
  await page.getByRole('tab', { name: '全球节点' }).click();
  await captureConsole(page, 'zh-Hans-applications');

  await memberContext.close();
  await complianceContext.close();
});
