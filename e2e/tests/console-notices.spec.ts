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
import { loginNewMember } from '../support/funds.ts';
import { capture } from '../support/journey.ts';

// Step 8b §1: a content operator writes an announcement in English and Chinese in the console
// (English required to publish; the preview shows the member's page at 390x844), publishes it, and
// a member on a phone reads it in English, switches to 中文 and reads it in Chinese. Then the
// console in Chinese: the list, the editor with its preview, a scheduled announcement, unpublishing
// it, and the versions. Each test builds on the one before (one server, one development administrator).

test.describe.configure({ mode: 'serial' });
test.use(CONSOLE_CONTEXT);

const ADMIN_PASSWORD = 'admin console passphrase';
const CONTENT_PASSWORD = 'content console passphrase';
const CONTENT_EMAIL = `content.${Date.now()}@kpc.local`;
const CONTENT_NAME = 'Cora Content';
const TEXT = {
  en: {
    title: `Card top-ups are faster ${Date.now() % 100_000}`,
    body: '<p>Card top-ups now arrive <strong>within five minutes</strong>.</p><ul><li>Any network</li></ul>',
    text: 'Card top-ups now arrive within five minutes.',
  },
  'zh-Hans': {
    title: `卡片充值更快了 ${Date.now() % 100_000}`,
    body: '<p>卡片充值现在<strong>五分钟内</strong>到账。</p><ul><li>任意网络</li></ul>',
    text: '卡片充值现在五分钟内到账。',
  },
} as const;

let contentLink = '';
let content: Authenticator;
let noticeId = '';

/** Fills one language's tab of the editor. */
async function write(page: Page, language: 'en' | 'zh-Hans', text: { title: string; body: string }) {
  await page.getByTestId(`notice-tab-${language}`).click();
  await page.getByTestId(`notice-title-${language}`).fill(text.title);
  await page.getByTestId(`notice-body-${language}`).fill(text.body);
}

const preview = (page: Page) => page.frameLocator('[data-testid="notice-preview"]');

test('the administrator enrols and invites a content operator', async ({ page }) => {
  test.setTimeout(120_000);
  const answer = await page.request.post('/api/dev/operator/enrolment', { data: { email: 'admin-notices@kpc.local' } });
  const dev = (await answer.json()) as { data: { enrolmentUrl: string | null } };
  expect(dev.data.enrolmentUrl, 'the development administrator has not enrolled yet').toBeTruthy();
  await page.goto(dev.data.enrolmentUrl!);
  await expect(page.getByTestId('enrol-card')).toBeVisible({ timeout: 30_000 });
  const admin = await enrolThroughConsole(page, ADMIN_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  // Announcements are the content role's: not in an administrator's menu.
  await expect(page.getByTestId('console-menu')).toBeVisible();
  await expect(page.getByTestId('console-menu').getByRole('menuitem', { name: 'Announcements' })).toHaveCount(0);
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Operators' }).click();
  await page.getByTestId('invite-operator').click();
  await page.getByTestId('invite-email').fill(CONTENT_EMAIL);
  await page.getByTestId('invite-name').fill(CONTENT_NAME);
  await inputOf(page, 'role-content').check();
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('enrolment-link');
  await giveStepUpIfAsked(page, admin, link);
  contentLink = await link.inputValue();
});

test('a content operator publishes an announcement in English and Chinese, and a member reads it in both', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const consoleContext = await openConsoleContext(browser, baseURL!);
  const page = await consoleContext.newPage();
  await page.goto(contentLink);
  // The console's first load can take a while on a busy machine.
  await expect(page.getByTestId('enrol-email')).toHaveText(CONTENT_EMAIL, { timeout: 30_000 });
  content = await enrolThroughConsole(page, CONTENT_PASSWORD);
  await page.getByTestId('enrol-submit').click();
  await inputOf(page, 'codes-stored').check();
  await page.getByTestId('enrol-continue').click();
  await page.getByTestId('console-menu').getByRole('menuitem', { name: 'Announcements' }).click();
  await expect(page.getByTestId('notices-table')).toBeVisible();
  // The development announcements are there, published.
  await expect(page.getByTestId('notices-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await captureConsole(page, 'en-notices');

  // Chinese first: publishing is refused until English is written, and says so.
  await page.getByTestId('notice-new').click();
  await expect(page.getByTestId('english-required')).toBeVisible();
  await write(page, 'zh-Hans', TEXT['zh-Hans']);
  await expect(preview(page).locator('.notice-detail__title')).toHaveText(TEXT['zh-Hans'].title);
  await expect(preview(page).locator('.adm-nav-bar-title')).toHaveText('公告详情');
  await page.getByTestId('notice-publish-now').click();
  await expect(page.getByTestId('english-missing')).toBeVisible();
  await expect(page).toHaveURL(/#\/notices\/new$/);
  await captureConsole(page, 'en-notice-english-required');

  // English written: the preview is the member's page, the frame a phone.
  await write(page, 'en', TEXT.en);
  const frame = page.getByTestId('notice-preview');
  expect(await frame.boundingBox()).toMatchObject({ width: 390, height: 844 });
  await expect(preview(page).locator('.notice-detail__title')).toHaveText(TEXT.en.title);
  await expect(preview(page).locator('.notice-body strong')).toHaveText('within five minutes');
  await captureConsole(page, 'en-notice-editor', { fullPage: true });
  await page.getByTestId('notice-publish-now').click();
  await expect(page.getByTestId('notice-state').first()).toHaveAttribute('data-state', 'published');
  await expect(page).toHaveURL(/#\/notices\/\d+$/);
  noticeId = /#\/notices\/(\d+)$/.exec(page.url())![1]!;
  const versions = page.getByTestId('notice-versions-table').locator('tbody tr.ant-table-row');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Published');
  await expect(versions.first()).toContainText(CONTENT_NAME);
  await expect(versions.last()).toContainText('Created');
  await captureConsole(page, 'en-notice-published', { fullPage: true });
  await consoleContext.close();

  // A member on a phone: the announcement is the newest, in English.
  const memberContext = await browser.newContext({
    baseURL: baseURL!,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const member = await memberContext.newPage();
  await member.addInitScript(() => {
    if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', 'en');
  });
  await loginNewMember(member, 'console-notice');
  await member.getByTestId('mine-announcement').click();
  const item = member.getByTestId('notice-item').first();
  await expect(item).toHaveAttribute('data-id', noticeId);
  await expect(item.getByTestId('notice-item-title')).toHaveText(TEXT.en.title);
  await item.click();
  await expect(member.getByTestId('notice-detail-title')).toHaveText(TEXT.en.title);
  await expect(member.getByTestId('notice-detail-body')).toContainText(TEXT.en.text);
  await capture(member, 'console-notice-member-en');

  // 中文: the same announcement reads in Chinese.
  await member.goBack();
  await member.goBack();
  await expect(member.getByTestId('mine-page')).toBeVisible();
  await member.getByTestId('mine-switch-language').click();
  await member.getByTestId('language-option-zh-Hans').click();
  await expect(member.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await member.getByTestId('mine-announcement').click();
  await expect(member.getByTestId('notice-item').first()).toHaveAttribute('data-id', noticeId);
  await expect(member.getByTestId('notice-item-title').first()).toHaveText(TEXT['zh-Hans'].title);
  await member.getByTestId('notice-item').first().click();
  await expect(member.getByTestId('notice-detail-title')).toHaveText(TEXT['zh-Hans'].title);
  await expect(member.getByTestId('notice-detail-body')).toContainText(TEXT['zh-Hans'].text);
  await capture(member, 'console-notice-member-zh-Hans');
  await memberContext.close();
});

test('the console in Chinese: the list, the editor with its preview, scheduling and unpublishing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const consoleContext = await openConsoleContext(browser, baseURL!, 'zh-Hans');
  const page = await consoleContext.newPage();
  await page.goto('/admin/#/notices');
  await expect(page.getByTestId('sign-in-card')).toBeVisible({ timeout: 30_000 });
  await signInThroughConsole(page, CONTENT_EMAIL, CONTENT_PASSWORD, content);
  await expect(page.getByTestId('notices-table')).toContainText(TEXT.en.title);
  await captureConsole(page, 'zh-Hans-notices');

  await page.goto(`/admin/#/notices/${noticeId}`);
  await page.getByTestId('notice-tab-zh-Hans').click();
  await expect(preview(page).locator('.notice-detail__title')).toHaveText(TEXT['zh-Hans'].title);
  await captureConsole(page, 'zh-Hans-notice-editor', { fullPage: true });

  // A new one, scheduled for tomorrow (the server's tests show members do not see it before then).
  await page.goto('/admin/#/notices/new');
  await write(page, 'en', { title: 'Tomorrow', body: '<p>Coming tomorrow.</p>' });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())} 10:00`;
  await inputOf(page, 'notice-schedule-at').click();
  await inputOf(page, 'notice-schedule-at').fill(at);
  await page.locator('.ant-picker-ok button').click();
  await page.getByTestId('notice-schedule').click();
  await expect(page.getByTestId('notice-state').first()).toHaveAttribute('data-state', 'scheduled');
  await expect(page.getByTestId('notice-published-at')).toContainText('10:00');
  const scheduledId = /#\/notices\/(\d+)$/.exec(page.url())![1]!;
  await captureConsole(page, 'zh-Hans-notice-scheduled', { fullPage: true });

  // Unpublished: the versions say who did what.
  await page.getByTestId('notice-unpublish').click();
  await page.getByTestId('notice-unpublish-confirm').click();
  await expect(page.getByTestId('notice-state').first()).toHaveAttribute('data-state', 'unpublished');
  const versions = page.getByTestId('notice-versions-table').locator('tbody tr.ant-table-row');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('下线');
  await expect(versions.nth(1)).toContainText('定时发布');
  await expect(page).toHaveURL(new RegExp(`#/notices/${scheduledId}$`));
  await captureConsole(page, 'zh-Hans-notice-unpublished', { fullPage: true });
  await consoleContext.close();
});
