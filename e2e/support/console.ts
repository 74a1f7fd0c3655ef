import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SCREENSHOT_DIRECTORY } from './screenshots.ts';

/**
 * The operator console's journeys (console-*.spec.ts): a desktop browser at 1440x900, operators who
 * compute their authenticator's codes from the secret the enrolment screen shows, and pictures of
 * every console screen.
 */

/** The console's desktop viewport (Step 8a: a desktop app). */
export const CONSOLE_VIEWPORT = { width: 1440, height: 900 };

/** Options of a console page: desktop, mouse, light. */
export const CONSOLE_CONTEXT = {
  viewport: CONSOLE_VIEWPORT,
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
  colorScheme: 'light',
  locale: 'en-US',
} as const;

/** The console's language switch remembers its choice here (apps/admin/src/config/storage.ts). */
const LANGUAGE_KEY = 'kpc-console:language';

/** A second browser (another operator at another desk): the console's options, in `language`. */
export async function openConsoleContext(browser: Browser, baseURL: string, language: 'en' | 'zh-Hans' = 'en') {
  const context = await browser.newContext({ ...CONSOLE_CONTEXT, baseURL });
  await setConsoleLanguage(context, language);
  return context;
}

/** Opens the console in `language` from the first page on (before the language switch is used). */
export async function setConsoleLanguage(context: BrowserContext, language: 'en' | 'zh-Hans') {
  await context.addInitScript(
    ([key, code]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, code!);
    },
    [LANGUAGE_KEY, language],
  );
}

const TOTP_PERIOD_MS = 30_000;

/**
 * An authenticator app for one operator: RFC 6238 codes (6 digits, 30 s) from the base32 secret.
 * The server takes a code of the current step or one either side, each step once, never an
 * earlier one; so each code here is for a step after the last one used, waiting when two were
 * used already in this window.
 */
export class Authenticator {
  private readonly key: Uint8Array;
  private lastStep = -1n;

  constructor(secret: string) {
    this.key = decodeBase32IgnorePadding(secret.replace(/\s/g, ''));
  }

  async nextCode(): Promise<string> {
    let current = BigInt(Math.floor(Date.now() / TOTP_PERIOD_MS));
    const step = current > this.lastStep ? current : this.lastStep + 1n;
    while (step > current + 1n) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      current = BigInt(Math.floor(Date.now() / TOTP_PERIOD_MS));
    }
    this.lastStep = step;
    return generateHOTP(this.key, step, 6);
  }
}

/** The enrolment screen after opening a link: reads the secret off it, sets the password, proves a code. */
export async function enrolThroughConsole(page: Page, password: string): Promise<Authenticator> {
  await expect(page.getByTestId('enrol-card')).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const authenticator = new Authenticator(secret);
  await page.getByTestId('enrol-password').fill(password);
  await page.getByTestId('enrol-confirm-password').fill(password);
  await page.getByTestId('enrol-code').fill(await authenticator.nextCode());
  return authenticator;
}

/** The <input> of an antd control found by its test id (antd puts the id on the input or around it). */
export function inputOf(page: Page, testId: string) {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** Signs in on the console's sign-in page, which must be showing. */
export async function signInThroughConsole(page: Page, email: string, password: string, authenticator: Authenticator) {
  await expect(page.getByTestId('sign-in-card')).toBeVisible();
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-code').fill(await authenticator.nextCode());
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('console-menu')).toBeVisible();
}

/**
 * Gives the step-up prompt a fresh code when a money action asked for one; `expected`: the action's
 * answer that shows when no prompt was needed (a fresh sign-in counts as a second factor).
 */
export async function giveStepUpIfAsked(
  page: Page,
  authenticator: Authenticator,
  expected: ReturnType<Page['getByTestId']>,
) {
  const prompt = page.getByTestId('step-up-code');
  // Visible ones only: a dialog that closed earlier may still hold a hidden copy of `expected`.
  await expect(prompt.or(expected).filter({ visible: true }).first()).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.fill(await authenticator.nextCode());
    await page
      .getByRole('dialog')
      .filter({ has: prompt })
      .getByRole('button', { name: /Confirm|确认/ })
      .click();
  }
  await expect(expected).toBeVisible();
}

/** A picture of a console screen (1440x900), once antd's messages and the loading spinners are gone. */
export async function captureConsole(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 10_000 });
  // A dialog still fading in (antd's CSS animations) would picture half-transparent.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            // Spinners turn for ever; a dialog's fade ends.
            .filter(
              (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
  await page.screenshot({ path: `${SCREENSHOT_DIRECTORY}/console-${name}.png`, fullPage });
}
