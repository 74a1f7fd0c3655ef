import { expect, test, type Page } from '@playwright/test';
import { loginNewMember } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { useLanguage } from '../support/language.ts';
import { signInOnPhone } from '../support/second-device.ts';

// Step 11 §2 "Email notifications" at a phone's 390x844: a member opens Mine → Email notifications,
// sees the security mails on and locked, turns on the daily release summary (saved at once, still on
// after a reload), then signs in on a phone: the "new device" mail arrives in the mail sink in the
// member's language. In English and Chinese, and in Russian (the longest words) for the pictures.

const LANGUAGES = ['en', 'zh-Hans', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

const COPY: Record<Language, { title: string; saved: string; mandatory: string; newDevice: string }> = {
  en: {
    title: 'Email notifications',
    saved: 'Saved',
    mandatory: 'Security email: always on',
    newDevice: 'New sign-in to your KPC account',
  },
  'zh-Hans': {
    title: '邮件通知',
    saved: '已保存',
    mandatory: '安全邮件：始终开启',
    newDevice: '您的 KPC 账户有新的登录',
  },
  ru: {
    title: 'Уведомления по почте',
    saved: 'Сохранено',
    mandatory: 'Письмо безопасности: всегда включено',
    newDevice: 'Новый вход в ваш аккаунт KPC',
  },
};

const mailUrl = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 2526}/mails`;

const switchOf = (page: Page, kind: string) => page.getByTestId(`notify-switch-${kind}`);

for (const language of LANGUAGES) {
  test(`a member turns on the daily summary and gets the new-device mail in their language (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const copy = COPY[language];
    await useLanguage(page, language);
    const email = await loginNewMember(page, `notify-${language}`);

    const entry = page.getByTestId('mine-notifications');
    await expect(entry).toContainText(copy.title);
    await expectTapTarget(entry, 'Email notifications', { hitArea: false });
    await entry.click();
    await expect(page.getByTestId('notifications-page')).toBeVisible();
    await expect(switchOf(page, 'release_summary')).toHaveAttribute('aria-checked', 'false');
    await expect(switchOf(page, 'deposit_credited')).toHaveAttribute('aria-checked', 'true');
    for (const kind of ['new_device_sign_in', 'security_change']) {
      await expect(switchOf(page, kind)).toHaveAttribute('aria-checked', 'true');
      await expect(switchOf(page, kind)).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId(`notify-mandatory-${kind}`)).toHaveText(copy.mandatory);
    }
    await expectTapTarget(switchOf(page, 'release_summary'), 'Daily summary switch');
    await capture(page, `notifications-${language}`);
    await capture(page, `notifications-${language}-full`, { fullPage: true });

    // Turn on the daily summary: saved at once, with a toast; still on after a reload.
    await switchOf(page, 'release_summary').click();
    await expectToast(page, copy.saved);
    await expect(switchOf(page, 'release_summary')).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(switchOf(page, 'release_summary')).toHaveAttribute('aria-checked', 'true');
    await capture(page, `notifications-${language}-summary-on`);

    // The same member signs in on a phone: a device never seen on this account.
    const { context: phoneContext } = await signInOnPhone(browser, baseURL, language, email);
    await phoneContext.close();

    // The sender job mails it (NOTIFY_POLL_SECONDS, 10 s by default), once, in the member's language.
    let mails: { subject: string; text: string }[] = [];
    await expect
      .poll(
        async () => {
          const response = await fetch(`${mailUrl}?to=${encodeURIComponent(email)}`);
          mails = ((await response.json()) as { subject: string; text: string }[]).filter(
            (mail) => mail.subject === copy.newDevice,
          );
          return mails.length;
        },
        { timeout: 30_000, message: 'the new-device mail' },
      )
      .toBe(1);
    expect(mails[0]!.text).toContain('Safari · iOS');
    expect(mails[0]!.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });
}
