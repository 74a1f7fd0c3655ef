import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
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
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { LOCAL_CHAIN_ID, mineBlocks } from '../support/local-chain.ts';
import { readCodeFromMail } from '../support/mail.ts';

// Step 8a: the operator console, end to end in Chromium at 1440x900. The first administrator
// enrols from the development link (codes computed from the secret read off the screen) and
// invites a finance and a support operator; finance approves a member's withdrawal above the
// automatic limit (the step-up prompt asked and given) and the member's app shows it completed;
// support sees the queue without the approve button, and the server refuses the call anyway.
// Each test builds on the one before (one server, one development administrator).

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);

const ADMIN_PASSWORD = 'admin console passphrase';
const FINANCE_PASSWORD = 'finance console passphrase';
const SUPPORT_PASSWORD = 'support console passphrase';
const FINANCE_EMAIL = `finance.${Date.now()}@kpc.local`;
const SUPPORT_EMAIL = `support.${Date.now()}@kpc.local`;
/** Above WITHDRAW_AUTO_APPROVE_DAILY (1000 USDT by default): an operator must review it. */
const LARGE_WITHDRAWAL = '1500';

let adminEmail = '';
let admin: Authenticator;
let finance: Authenticator;
let financeLink = '';
let supportLink = '';
let memberEmail = '';
let reviewedId = '';

/** Invites an operator through the Operators screen; answers the one-time link the dialog shows. */
async function inviteOperator(page: Page, email: string, name: string, role: string, capture?: string) {
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-name').fill(name);
  await inputOf(page, `role-${role}`).check();
  if (capture) await captureConsole(page, capture);
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('enrolment-link');
  await giveStepUpIfAsked(page, admin, link);
  const url = await link.inputValue();
  expect(url).toMatch(/\/admin\/#\/enrol\?token=[A-Za-z0-9_-]{20,}$/);
  return url;
}

/** A member on a phone, funded with test USDT; answers their email and session token. */
async function fundedMember(browser: Browser, baseURL: string, label: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const email = await loginNewMember(page, label);
  await seedFunds(page, { asset: 'USDT', amount: '5000', bucket: 'available' });
  return { context, page, email, token: await readToken(page) };
}

/** A withdrawal through the member API with the mailed code; answers its id and state. */
async function withdraw(page: Page, member: { email: string; token: string }, amount: string) {
  const headers = { 'content-type': 'application/json', token: member.token, language: 'en_US' };
  const sent = await page.request.post('/api/withdraw/sendCode', { headers, data: {} });
  expect((await sent.json()).code).toBe(200);
  const code = await readCodeFromMail(member.email, /withdrawal code/);
  const applied = await page.request.post('/api/withdraw/apply', {
    headers,
    data: {
      requestId: randomUUID(),
      chainId: LOCAL_CHAIN_ID,
      asset: 'USDT',
      address: privateKeyToAccount(generatePrivateKey()).address,
      amount,
      code,
    },
  });
  const body = (await applied.json()) as { code: number; data: { id: string; status: string } };
  expect(body.code).toBe(200);
  return body.data;
}

test('the first administrator enrols with the development link and invites a finance and a support operator', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const answer = await page.request.post('/api/dev/operator/enrolment', { data: { email: 'admin-journey@kpc.local' } });
  const dev = (await answer.json()) as { code: number; data: { email: string; enrolmentUrl: string | null } };
  expect(dev.code).toBe(200);
  expect(dev.data.enrolmentUrl, 'the development administrator has not enrolled yet').toBeTruthy();
  adminEmail = dev.data.email;

  // The link opens the enrolment screen: who it is for, the QR code, the secret to type.
  await page.goto(dev.data.enrolmentUrl!);
  await expect(page.getByTestId('enrol-email')).toHaveText(adminEmail);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await captureConsole(page, 'en-enrol');
  admin = await enrolThroughConsole(page, ADMIN_PASSWORD);
  await page.getByTestId('enrol-submit').click();

  // Ten recovery codes, shown once; going on needs the box ticked.
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await expect(page.getByTestId('enrol-continue')).toBeDisabled();
  await captureConsole(page, 'en-recovery-codes');
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();

  // An administrator's menu: no money screens (configuration, whose money terms also need finance).
  await expect(page.getByTestId('console-menu')).toBeVisible();
  await expect(page.getByTestId('console-menu').getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Members',
    'Proof of liabilities',
    'Configuration',
    'Operators',
    'Audit log',
  ]);
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Operators' }).click();
  await expect(page.getByTestId('operators-table')).toContainText(adminEmail);

  financeLink = await inviteOperator(page, FINANCE_EMAIL, 'Fiona Finance', 'finance', 'en-invite');
  // The link is copied for handing over.
  await page.getByTestId('copy-link').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(financeLink);
  await captureConsole(page, 'en-enrolment-link');
  await page.getByRole('button', { name: 'Done' }).click();

  supportLink = await inviteOperator(page, SUPPORT_EMAIL, 'Sam Support', 'support');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('operators-table')).toContainText(FINANCE_EMAIL);
  await expect(page.getByTestId('operators-table')).toContainText(SUPPORT_EMAIL);
  await captureConsole(page, 'en-operators');
});

test("finance approves a member's large withdrawal in the queue and the member's app shows it completed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The member, on a phone: funds, then a withdrawal above the automatic limit.
  const member = await fundedMember(browser, baseURL!, 'console-member');
  const { context: memberContext, page: memberPage } = member;
  memberEmail = member.email;
  const waiting = await withdraw(memberPage, member, LARGE_WITHDRAWAL);
  expect(waiting.status).toBe('submitted');
  reviewedId = waiting.id;

  // The finance operator enrols in a browser of their own.
  const financeContext = await openConsoleContext(browser, baseURL!);
  const page = await financeContext.newPage();
  await page.goto(financeLink);
  await expect(page.getByTestId('enrol-email')).toHaveText(FINANCE_EMAIL);
  finance = await enrolThroughConsole(page, FINANCE_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await expect(page.getByTestId('console-menu').getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Members',
    'Withdrawals',
    'Deposits',
    'Adjustments',
    'Proof of liabilities',
  ]);

  // The second factor given at enrolment goes stale (OPERATOR_STEP_UP_SECONDS=30 in the journeys).
  await expect
    .poll(
      async () =>
        page.evaluate(async () => {
          const response = await fetch('/api/operator/auth/me', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          return ((await response.json()) as { data: { stepUpUntil: string | null } }).data.stepUpUntil;
        }),
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBeNull();

  // The queue opens on the withdrawals awaiting review; the hot wallet of the local chain above it.
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Withdrawals' }).click();
  await expect(page.getByTestId(`sender-${LOCAL_CHAIN_ID}`)).toContainText('USDT');
  const row = page.getByTestId('withdrawals-table').locator('tr', { hasText: memberEmail });
  await expect(row).toContainText('1,500 USDT');
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('review-bar')).toContainText('1 selected, 1,500 USDT');
  await captureConsole(page, 'en-withdrawals');
  await page.getByTestId('approve-selected').click();
  await expect(page.getByRole('dialog')).toContainText('Approve 1 withdrawals?');
  await page.getByTestId('approve-confirm').click();

  // The server asks for a fresh second factor; the prompt takes it and the approval goes through.
  const prompt = page.getByTestId('step-up-code');
  await expect(prompt).toBeVisible();
  await captureConsole(page, 'en-step-up');
  await prompt.fill(await finance.nextCode());
  await page.getByRole('dialog').filter({ has: prompt }).getByRole('button', { name: 'Confirm' }).click();
  const results = page.getByTestId('review-results');
  await expect(results).toContainText(reviewedId);
  await expect(results.getByTestId('outcome-approved')).toBeVisible();
  await captureConsole(page, 'en-review-results');
  await page.getByRole('button', { name: 'Done' }).click();

  // The chain sender pays it on the local chain; the member watches it complete.
  await memberPage.goto(`/#/pages/asset/withdraw/detail?id=${reviewedId}`);
  await expect(memberPage.getByTestId('withdrawal-tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 45_000 });
  await mineBlocks(20);
  await expect(memberPage.getByTestId('withdrawal-status')).toHaveText('Completed', { timeout: 45_000 });

  // The queue follows: the withdrawal shows completed with its transaction.
  await page.getByTestId('withdrawal-status-filter').getByText('Completed').click();
  await expect(page.getByTestId('withdrawals-table').locator('tr', { hasText: memberEmail })).toContainText(
    'Completed',
    {
      timeout: 20_000,
    },
  );
  await memberContext.close();
  await financeContext.close();
});

test('a support operator sees the queue read-only, and the server refuses an approval anyway', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const member = await fundedMember(browser, baseURL!, 'console-member-two');
  const pending = await withdraw(member.page, member, LARGE_WITHDRAWAL);
  expect(pending.status).toBe('submitted');
  await member.context.close();

  // Support enrols in Chinese: the enrolment screens in the second language.
  const supportContext = await openConsoleContext(browser, baseURL!, 'zh-Hans');
  const page = await supportContext.newPage();
  await page.goto(supportLink);
  await expect(page.getByTestId('enrol-email')).toHaveText(SUPPORT_EMAIL);
  await captureConsole(page, 'zh-Hans-enrol');
  await enrolThroughConsole(page, SUPPORT_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await captureConsole(page, 'zh-Hans-recovery-codes');
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();

  await page.getByTestId('console-menu').getByRole('menuitem', { name: '提现' }).click();
  const row = page.getByTestId('withdrawals-table').locator('tr', { hasText: pending.id });
  await expect(row).toContainText('待审核');
  await expect(page.getByTestId('approve-selected')).toHaveCount(0);
  await expect(page.getByTestId('review-bar')).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);

  // The same call the button would send, from the support operator's page: refused (HTTP 403, 1808).
  const refused = await page.evaluate(async (id) => {
    const response = await fetch('/api/operator/withdrawals/review', {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'zh_CN' },
      body: JSON.stringify({ ids: [id], decision: 'approved' }),
    });
    return { status: response.status, body: (await response.json()) as { code: number; msg: string } };
  }, pending.id);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe(1808);
  expect(refused.body.msg).not.toBe('');
  await page.reload();
  // A whole reload of the console (its code, the session, the section, the list): under CI's two
  // shards on two cores this has taken longer than the default 10 s.
  await expect(page.getByTestId('withdrawals-table').locator('tr', { hasText: pending.id })).toContainText('待审核', {
    timeout: 30_000,
  });
  await supportContext.close();
});

/** Every console screen of one operator, in one language. */
async function pictureScreens(
  page: Page,
  language: 'en' | 'zh-Hans',
  screens: Array<{ menu: string; name: string; ready: string }>,
) {
  for (const screen of screens) {
    await page.getByTestId('console-menu').getByRole('menuitem', { name: screen.menu }).click();
    await expect(page.getByTestId(screen.ready).first()).toBeVisible();
    await captureConsole(page, `${language}-${screen.name}`, { fullPage: true });
  }
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`every console screen in ${language === 'en' ? 'English' : 'Chinese'}`, async ({ browser, baseURL }) => {
    // Two sign-ins, each waiting for a fresh authenticator step at worst.
    test.setTimeout(300_000);
    const zh = language === 'zh-Hans';
    const adminContext: BrowserContext = await openConsoleContext(browser, baseURL!, language);
    const page = await adminContext.newPage();
    await page.goto('/admin/');
    await expect(page).toHaveURL(/#\/sign-in$/);
    await captureConsole(page, `${language}-sign-in`);
    await signInThroughConsole(page, adminEmail, ADMIN_PASSWORD, admin);

    // Dashboard: the ledger check green, the charts, the table, the balances.
    await expect(page.getByTestId('ledger-check')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('daily-charts').locator('svg.recharts-surface').first()).toBeVisible();
    await captureConsole(page, `${language}-dashboard`, { fullPage: true });

    // Members: search by the member's email, then their page and its tabs.
    await page
      .getByTestId('console-menu')
      .getByRole('menuitem', { name: zh ? '会员' : 'Members' })
      .click();
    await inputOf(page, 'member-search').fill(memberEmail);
    await inputOf(page, 'member-search').press('Enter');
    const memberRow = page.getByTestId('members-table').locator('tr', { hasText: memberEmail });
    await expect(memberRow).toBeVisible();
    await captureConsole(page, `${language}-members`);
    await memberRow.click();
    await expect(page.getByTestId('member-summary')).toContainText(memberEmail);
    await expect(page.getByTestId('member-balances')).toContainText('USDT');
    await captureConsole(page, `${language}-member`, { fullPage: true });
    await page.getByRole('tab', { name: zh ? '提现' : 'Withdrawals' }).click();
    await expect(page.getByTestId('member-withdrawals')).toContainText(reviewedId);
    await page.getByRole('tab', { name: zh ? '资金流水' : 'Asset flow' }).click();
    await expect(page.getByTestId('member-flow').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await captureConsole(page, `${language}-member-flow`);

    // Operators and the audit log (an entry opened: the fields it changed).
    await pictureScreens(page, language, [
      { menu: zh ? '运营人员' : 'Operators', name: 'operators', ready: 'operators-table' },
    ]);
    await page
      .getByTestId('console-menu')
      .getByRole('menuitem', { name: zh ? '审计日志' : 'Audit log' })
      .click();
    const invite = page.getByTestId('audit-table').locator('tr', { hasText: 'operator.invite' }).first();
    await expect(invite).toBeVisible();
    await invite.getByRole('button').first().click();
    await expect(page.getByTestId('audit-diff').first()).toBeVisible();
    await captureConsole(page, `${language}-audit`, { fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    expect((await download).suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);

    // The language switch in the header changes the console at once.
    await page.getByTestId('language-switch').click();
    await page.locator('.ant-select-item-option', { hasText: zh ? 'English' : '中文' }).click();
    await expect(page.getByTestId('console-menu').getByRole('menuitem').first()).toHaveText(
      zh ? 'Dashboard' : '仪表盘',
    );
    await adminContext.close();

    // Finance's screens: the queue and the deposits with the watchers and channels.
    const financeContext = await openConsoleContext(browser, baseURL!, language);
    const financePage = await financeContext.newPage();
    await financePage.goto('/admin/#/withdrawals');
    await signInThroughConsole(financePage, FINANCE_EMAIL, FINANCE_PASSWORD, finance);
    await expect(financePage).toHaveURL(/#\/withdrawals$/);
    await expect(financePage.getByTestId('withdrawals-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await captureConsole(financePage, `${language}-withdrawals-queue`, { fullPage: true });
    await pictureScreens(financePage, language, [
      { menu: zh ? '充值' : 'Deposits', name: 'deposits', ready: 'watchers-table' },
    ]);
    await financeContext.close();
  });
}
