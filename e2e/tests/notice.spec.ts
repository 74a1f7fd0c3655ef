import { expect, test, type Page } from '@playwright/test';
import { loginNewMember } from '../support/funds.ts';
import { capture, expectTapTarget, operatorCall } from '../support/journey.ts';

// Issue 12 §4, §6 (SPEC §1, §2): an operator writes an announcement in English, adds Chinese and
// publishes it through the operator API; a member finds it on Home in their language, opens the list
// and the announcement (rich text shown, scripts not), Mine's unread count drops by one, and after
// switching language the same announcement reads in the other one. Screens in English and Chinese.
// The journeys' server runs in development, so the seeded announcements (modules/notice/dev-seed.ts)
// are there too, unread, for every new member.

const LANGUAGES = ['en', 'zh-Hans'] as const;
type Language = (typeof LANGUAGES)[number];

const HOSTILE = '<script>window.__noticeScript = 1</script><img src="x" onerror="window.__noticeScript = 2">';

/**
 * What each test publishes, in both languages (a different one per test, so the list shows two):
 * emphasis to render, and a script and a handler that must not get through.
 */
const ANNOUNCEMENTS = {
  en: {
    en: {
      title: 'Airdrop rules updated',
      body: `<p>Airdrops now arrive <strong>net of the handling fee</strong> in your USDT income.</p>${HOSTILE}`,
      strong: 'net of the handling fee',
      text: 'Airdrops now arrive net of the handling fee in your USDT income.',
    },
    'zh-Hans': {
      title: '空投规则已更新',
      body: `<p>空投现已<strong>扣除手续费后</strong>计入您的 USDT 收益。</p>${HOSTILE}`,
      strong: '扣除手续费后',
      text: '空投现已扣除手续费后计入您的 USDT 收益。',
    },
  },
  'zh-Hans': {
    en: {
      title: 'Invite friends with a poster',
      body: `<p>Open <strong>Invite Friends</strong> in Mine to save a poster with your QR code.</p>${HOSTILE}`,
      strong: 'Invite Friends',
      text: 'Open Invite Friends in Mine to save a poster with your QR code.',
    },
    'zh-Hans': {
      title: '用海报邀请好友',
      body: `<p>在“我的”中打开<strong>邀请好友</strong>，即可保存带有二维码的海报。</p>${HOSTILE}`,
      strong: '邀请好友',
      text: '在“我的”中打开邀请好友，即可保存带有二维码的海报。',
    },
  },
} as const;

/** Mine's unread count, once it is known (Mine must be showing). */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('mine-announcement-badge');
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.textContent());
}

/** Switches the interface language from Mine (which must be showing). */
async function switchLanguage(page: Page, language: Language) {
  await page.getByTestId('mine-switch-language').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of LANGUAGES) {
  const other: Language = language === 'en' ? 'zh-Hans' : 'en';

  test(`an announcement published in English and Chinese reads in the member's language (${language})`, async ({
    page,
  }) => {
    const content = ANNOUNCEMENTS[language];
    await page.addInitScript((code) => {
      if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
    }, language);

    // The operator drafts it in English, adds Chinese, and publishes it; the script never gets in.
    const created = await operatorCall<{ id: string; status: string }>(page, 'notice/create', {
      translations: { en: { title: content.en.title, body: content.en.body } },
    });
    expect(created.status).toBe('draft');
    const edited = await operatorCall<{ translations: { language: string; body: string }[] }>(page, 'notice/edit', {
      id: created.id,
      translations: { 'zh-Hans': { title: content['zh-Hans'].title, body: content['zh-Hans'].body } },
    });
    expect(edited.translations.map((translation) => translation.language)).toEqual(['en', 'zh-Hans']);
    for (const translation of edited.translations) {
      expect(translation.body).toContain('<strong>');
      expect(translation.body).not.toMatch(/script|onerror|<img/i);
    }
    expect((await operatorCall(page, 'notice/publish', { id: created.id })).status).toBe('published');

    // A new member: the seeded announcements and this one are unread.
    await loginNewMember(page, `notice.${language}`);
    const unread = await unreadBadge(page);
    expect(unread).toBeGreaterThanOrEqual(4);

    // Home shows the newest unread one, in the member's language.
    await page.getByTestId('tab-home').click();
    const bar = page.getByTestId('home-notice');
    await expect(bar).toHaveAttribute('data-id', created.id);
    await expect(page.getByTestId('home-notice-title')).toHaveText(content[language].title);
    await expectTapTarget(bar, 'notice bar');
    await capture(page, `${language}-home-notice`);

    // The list, from Mine: newest first, unread.
    await page.getByTestId('tab-mine').click();
    await page.getByTestId('mine-announcement').click();
    await expect(page.getByTestId('notice-list-page')).toBeVisible();
    const item = page.getByTestId('notice-item').first();
    await expect(item).toHaveAttribute('data-id', created.id);
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item.getByTestId('notice-item-title')).toHaveText(content[language].title);
    await expect(item.getByTestId('notice-item-unread')).toBeVisible();
    await expect(page.getByTestId('notice-item')).toHaveCount(unread);
    await expectTapTarget(item, 'notice item');
    await capture(page, `${language}-notice-list`);

    // The announcement: its rich text rendered, nothing of the script or the handler.
    await item.click();
    await expect(page.getByTestId('notice-detail-page')).toBeVisible();
    await expect(page.getByTestId('notice-detail-title')).toHaveText(content[language].title);
    const body = page.getByTestId('notice-detail-body');
    await expect(body).toHaveText(content[language].text);
    await expect(body.locator('strong')).toHaveText(content[language].strong);
    await expect(body.locator('script, img, [onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __noticeScript?: number }).__noticeScript)).toBeUndefined();
    await capture(page, `${language}-notice-detail`);

    // Back in the list it is read; Mine counts one fewer.
    await page.goBack();
    await expect(page.getByTestId('notice-item').first()).toHaveAttribute('data-read', 'true');
    await expect(item.getByTestId('notice-item-unread')).toHaveCount(0);
    await page.goBack();
    await expect(page.getByTestId('mine-page')).toBeVisible();
    await expect(page.getByTestId('mine-announcement-badge')).toHaveText(String(unread - 1));

    // In the other language, the same announcement reads in it.
    await switchLanguage(page, other);
    await page.getByTestId('mine-announcement').click();
    await expect(page.getByTestId('notice-item').first()).toHaveAttribute('data-id', created.id);
    await expect(page.getByTestId('notice-item-title').first()).toHaveText(content[other].title);
    await page.getByTestId('notice-item').first().click();
    await expect(page.getByTestId('notice-detail-title')).toHaveText(content[other].title);
    await expect(page.getByTestId('notice-detail-body').locator('strong')).toHaveText(content[other].strong);
    await expect(page.getByTestId('notice-detail-body')).toHaveText(content[other].text);
  });
}
