import { expect, test, type Page } from '@playwright/test';
import { loginNewMember } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { useLanguage } from '../support/language.ts';
import { signInOnPhone } from '../support/second-device.ts';

// Step 11 §2 "Security activity" at a phone's 390x844: a member signed in on two devices (two
// browser contexts) opens Security activity from Mine, sees this device and the other session
// (its device and address), ends the other one, and the other device is logged out on its very
// next request. The events list tells of the sign-ins and the ending. In English and Chinese, and
// pictured in Russian and Japanese too (the longest words).

const LANGUAGES = ['en', 'zh-Hans', 'ru', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];

const COPY: Record<Language, { title: string; ended: string; signedIn: string; oneEnded: string; allEnded: string }> = {
  en: {
    title: 'Security activity',
    ended: 'Session ended',
    signedIn: 'Signed in',
    oneEnded: 'Another session ended',
    allEnded: 'All other sessions ended',
  },
  'zh-Hans': {
    title: '安全活动',
    ended: '会话已结束',
    signedIn: '登录',
    oneEnded: '已结束另一个会话',
    allEnded: '已结束所有其他会话',
  },
  ru: {
    title: 'Журнал безопасности',
    ended: 'Сеанс завершён',
    signedIn: 'Вход',
    oneEnded: 'Другой сеанс завершён',
    allEnded: 'Все другие сеансы завершены',
  },
  ja: {
    title: 'セキュリティ履歴',
    ended: 'セッションを終了しました',
    signedIn: 'ログイン',
    oneEnded: 'ほかのセッションを終了',
    allEnded: 'ほかのセッションをすべて終了',
  },
};

const storedToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('kpc:user') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );

for (const language of LANGUAGES) {
  test(`a member sees both sessions and ends the other one, which is logged out at once (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const copy = COPY[language];
    await useLanguage(page, language);
    const email = await loginNewMember(page, `security-${language}`);

    // The same member on a phone (another browser context: its own storage, its own session).
    const { context: phoneContext, phone } = await signInOnPhone(browser, baseURL, language, email);
    try {
      expect(await storedToken(phone)).not.toBe('');

      // This device: Mine → Security activity.
      const entry = page.getByTestId('mine-security-activity');
      await expect(entry).toContainText(copy.title);
      await expectTapTarget(entry, 'Security activity', { hitArea: false });
      await entry.click();
      await expect(page.getByTestId('security-activity-page')).toBeVisible();
      const current = page.getByTestId('security-current-session').getByTestId('security-session');
      await expect(current).toHaveCount(1);
      await expect(current.getByTestId('security-session-device')).toHaveText('Chrome · Windows');
      await expect(current.getByTestId('security-session-ip')).toHaveText(/^(127\.0\.0\.1|::1)$/);
      // The other sessions: the phone, and the registration's (registering signs in, here through the API).
      const others = page.getByTestId('security-other-sessions').getByTestId('security-session');
      await expect(others).toHaveCount(2);
      const other = others.filter({ has: page.getByTestId('security-session-device').getByText('Safari · iOS') });
      await expect(other).toHaveCount(1);
      const events = page.getByTestId('security-event');
      await expect(events).toHaveCount(3);
      await expect(events.first().getByTestId('security-event-title')).toHaveText(copy.signedIn);
      await expectTapTarget(other.getByTestId('security-session-end'), 'End', { hitArea: false });
      await expectTapTarget(page.getByTestId('security-end-all'), 'End all other sessions', { hitArea: false });
      await capture(page, `${language}-security-activity`);
      await capture(page, `${language}-security-activity-full`, { fullPage: true });

      // The confirmation of "End all" can be cancelled; nothing ends.
      await page.getByTestId('security-end-all').click();
      await expect(page.getByTestId('security-end-all-confirm')).toBeVisible();
      await capture(page, `${language}-security-activity-end-all-confirm`);
      await page.getByTestId('security-end-all-cancel').click();
      await expect(page.getByTestId('security-end-all-confirm')).toHaveCount(0);
      await expect(others).toHaveCount(2);

      // End the phone's session.
      await other.getByTestId('security-session-end').click();
      await expectToast(page, copy.ended);
      await expect(others).toHaveCount(1);
      await expect(other).toHaveCount(0);
      await expect(events.first().getByTestId('security-event-title')).toHaveText(copy.oneEnded);
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
      await capture(page, `${language}-security-activity-ended`, { fullPage: true });

      // The phone's next request is refused: the app drops the session and goes home logged out.
      await phone.getByTestId('tab-mine').click();
      await expect.poll(() => storedToken(phone)).toBe('');
      await expect(phone.getByTestId('mine-page')).toHaveCount(0);
      // End all the others (the registration's), confirmed; this device is still signed in.
      await page.getByTestId('security-end-all').click();
      await page.getByTestId('security-end-all-confirm').click();
      await expect(page.getByTestId('security-other-sessions-empty')).toBeVisible();
      await expect(events.first().getByTestId('security-event-title')).toHaveText(copy.allEnded);
      await page.reload();
      await expect(page.getByTestId('security-activity-page')).toBeVisible();
      await expect(page.getByTestId('security-current-session').getByTestId('security-session')).toHaveCount(1);
      await expect(page.getByTestId('security-other-sessions-empty')).toBeVisible();
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
      await capture(page, `${language}-security-activity-alone`);
    } finally {
      await phoneContext.close();
    }
  });
}
