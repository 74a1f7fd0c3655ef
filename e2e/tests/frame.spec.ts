import { expect, test, type Page } from '@playwright/test';
import { fill, PASSWORD, uniqueEmail } from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { waitForSheet } from '../support/sheet.ts';

// The frame every screen shares (Step 4d): 44 px tap targets, a top bar that stays, toasts that
// neither cover the main button nor cut words, only the app's own form messages, and a page that
// stays on screen while the next one loads.

/** WCAG 2.5.5 and Apple's guidelines: a tap target is at least 44x44 CSS px. */
const MIN_TARGET = 44;

interface Target {
  name: string;
  width: number;
  height: number;
}

/**
 * Every visible control of the page and the size of the area that takes its taps, found by hit
 * testing from its centre outwards (so an enlarged hit area counts, and a covered part does not).
 * A checkbox is measured by its label, which is what takes the tap. `within`: the part to look in
 * (a sheet over the page).
 */
async function measureTargets(page: Page, within: string): Promise<Target[]> {
  return page.evaluate(async (rootSelector) => {
    const root = document.querySelector(rootSelector) ?? document;
    const selector = [
      'a[href]',
      'button',
      '[role="button"]',
      '[role="tab"]',
      '[role="radio"]',
      '[role="option"]',
      'input[type="checkbox"]',
      '.adm-nav-bar-back',
      '.adm-tabs-tab',
      '.adm-selector-item',
      '.adm-dropdown-item',
      '.adm-checkbox',
      'a.adm-list-item',
      '.adm-input-clear',
      '.adm-switch',
    ].join(',');
    const isShown = (element: Element) => {
      if (element.getClientRects().length === 0) return false;
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    const areas = new Set<Element>();
    for (const element of Array.from(root.querySelectorAll(selector))) {
      const area = element instanceof HTMLInputElement ? (element.closest('label') ?? element) : element;
      if (isShown(area)) areas.add(area);
    }
    // The outermost of nested controls (a tab, not the title inside it).
    const outermost = [...areas].filter((area) => ![...areas].some((other) => other !== area && other.contains(area)));
    const describe = (element: Element) =>
      element.getAttribute('data-testid') ??
      element.querySelector('[data-testid]')?.getAttribute('data-testid') ??
      element.getAttribute('aria-label') ??
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 30)}"`;

    const targets: { name: string; width: number; height: number }[] = [];
    for (const area of outermost) {
      area.scrollIntoView({ block: 'center', inline: 'nearest' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const rect = area.getBoundingClientRect();
      const centreX = rect.left + rect.width / 2;
      const centreY = rect.top + rect.height / 2;
      const hits = (x: number, y: number) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === area || area.contains(hit));
      };
      if (!hits(centreX, centreY)) {
        targets.push({ name: `${describe(area)} (covered)`, width: 0, height: 0 });
        continue;
      }
      // Whole pixels outwards, then the edge to 1/32 px.
      const reach = (dx: number, dy: number) => {
        let inside = 0;
        while (inside < 200 && hits(centreX + dx * (inside + 1), centreY + dy * (inside + 1))) inside += 1;
        let outside = inside + 1;
        for (let step = 0; step < 5; step += 1) {
          const middle = (inside + outside) / 2;
          if (hits(centreX + dx * middle, centreY + dy * middle)) inside = middle;
          else outside = middle;
        }
        return inside;
      };
      targets.push({
        name: describe(area),
        width: Math.round(reach(-1, 0) + reach(1, 0)),
        height: Math.round(reach(0, -1) + reach(0, 1)),
      });
    }
    window.scrollTo(0, 0);
    return targets;
  }, within);
}

/** Waits until the page has drawn its data: no request in flight, no skeleton or spinner. */
async function waitForPage(page: Page, testId: string) {
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton, .page-loading, .adm-dot-loading')).toHaveCount(0);
}

/**
 * Every control on the page takes taps over at least 44x44 px, and every form leaves its checks to
 * the app (noValidate). Soft, so one run lists the offenders of every page.
 */
async function expectFrameRules(page: Page, label: string, within = 'body') {
  const targets = await measureTargets(page, within);
  expect(targets.length, `${label}: controls found`).toBeGreaterThan(0);
  // Hit testing lands on whole pixels: a 44 px area at a half-pixel position measures 43.
  const small = targets
    .filter((target) => target.width < MIN_TARGET - 1 || target.height < MIN_TARGET - 1)
    .map((target) => `${target.name} ${target.width}x${target.height}`);
  expect.soft(small, `${label}: tap targets under ${MIN_TARGET}x${MIN_TARGET} px`).toEqual([]);
  const validated = await page.evaluate(() =>
    Array.from(document.querySelectorAll('form'))
      .filter((form) => !form.noValidate)
      .map((form) => form.querySelector('[data-testid]')?.getAttribute('data-testid') ?? 'form'),
  );
  expect.soft(validated, `${label}: forms the browser validates itself`).toEqual([]);
}

test('every control of the main screens is a tap target of at least 44x44 px', async ({ page }) => {
  test.setTimeout(120_000);
  const visitor: [string, string, string][] = [
    ['login', '/#/pages/login/index', 'login-page'],
    ['register', `/#/pages/register/index?inviteCode=${GENESIS_CODE}`, 'register-page'],
    ['home', '/#/pages/home/index', 'home-page'],
    ['terms', '/#/pages/term/user', 'terms-title'],
  ];
  for (const [label, url, testId] of visitor) {
    await page.goto(url);
    await waitForPage(page, testId);
    await expectFrameRules(page, label);
  }

  await loginNewMember(page, 'frame');
  await seedFunds(page, { asset: 'USDT', amount: '1000', bucket: 'available' });
  const member: [string, string, string][] = [
    ['mine', '/#/pages/mine/index', 'mine-page'],
    ['home (logged in)', '/#/pages/home/index', 'home-page'],
    ['assets', '/#/pages/asset/index', 'asset-page'],
    ['withdraw', '/#/pages/asset/withdraw', 'withdraw-page'],
    ['recharge', '/#/pages/asset/recharge', 'recharge-page'],
    ['exchange', '/#/pages/exchange/index', 'exchange-page'],
    ['history', '/#/pages/asset/history', 'asset-history-page'],
    ['investment plan', '/#/pages/plan/index', 'plan-page'],
    ['plan log', '/#/pages/plan/log', 'plan-log-page'],
    ['ESOP plan', '/#/pages/plan/kpc', 'esop-page'],
    ['ESOP log', '/#/pages/plan/kpc-log', 'esop-log-page'],
    ['ESOP rules', '/#/pages/plan/kpc-rule', 'esop-rule-page'],
    ['pledge', '/#/pages/plan/pledge', 'pledge-page'],
  ];
  for (const [label, url, testId] of member) {
    await page.goto(url);
    await waitForPage(page, testId);
    await expectFrameRules(page, label);
  }

  // The language sheet: its rows too, and the current language checked (not only bold).
  await page.goto('/#/pages/mine/index');
  await waitForPage(page, 'mine-page');
  await page.getByTestId('mine-switch-language').click();
  const english = page.getByTestId('language-option-en');
  await expect(english).toHaveAttribute('aria-checked', 'true');
  await expect(english.locator('svg')).toBeVisible();
  await expect(page.getByTestId('language-option-zh-Hans')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('language-option-zh-Hans').locator('svg')).toHaveCount(0);
  await waitForSheet(page);
  await expectFrameRules(page, 'language sheet', '.adm-popup-body.sheet');
});

test('the top bar stays at the top of a long page, and the page never scrolls sideways', async ({ page }) => {
  async function scrollToBottom() {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  }
  async function expectBackAtTop() {
    const back = page.getByTestId('nav-back');
    await expect(back).toBeInViewport();
    const bar = await page.locator('.page-nav-bar').boundingBox();
    expect(bar?.y, 'the top bar is at the top of the screen').toBe(0);
  }

  await page.goto('/#/pages/term/user');
  await waitForPage(page, 'terms-title');
  await scrollToBottom();
  await expectBackAtTop();
  await page.evaluate(() => window.scrollTo(200, window.scrollY));
  expect(await page.evaluate(() => window.scrollX), 'no sideways scroll').toBe(0);

  await loginNewMember(page, 'frame-bar');
  await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });
  await page.goto('/#/pages/asset/withdraw');
  await waitForPage(page, 'withdraw-page');
  await scrollToBottom();
  await expectBackAtTop();
  // Back still works from down there.
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('withdraw-page')).toBeHidden();

  // A tab page's own header stays too (on a short screen, so Mine scrolls).
  await page.setViewportSize({ width: 390, height: 480 });
  await page.goto('/#/pages/mine/index');
  await waitForPage(page, 'mine-page');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect((await page.locator('.tab-page-header').boundingBox())?.y, 'the tab header is at the top').toBe(0);
});

test('a toast sits clear of the main button and wraps whole words', async ({ page }) => {
  // A long server message, so the toast wraps: the words the old toast cut in two.
  const message =
    'MetaMask is not installed. Please install MetaMask. A withdrawal is completed after 20 network confirmations.';
  await page.route('**/api/acc/loginEmail', (route) =>
    route.fulfill({ json: { code: 1103, msg: message, data: null } }),
  );
  await page.goto('/#/pages/login/index');
  await waitForPage(page, 'login-page');
  await fill(page, 'login-email', uniqueEmail('toast'));
  await fill(page, 'login-password', PASSWORD);
  await page.getByTestId('login-submit').click();

  const toast = page.locator('.adm-toast-main').filter({ hasText: 'MetaMask' });
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const buttonBox = await page.getByTestId('login-submit').boundingBox();
  if (!toastBox || !buttonBox) throw new Error('toast or button not drawn');
  const overlaps =
    toastBox.x < buttonBox.x + buttonBox.width &&
    buttonBox.x < toastBox.x + toastBox.width &&
    toastBox.y < buttonBox.y + buttonBox.height &&
    buttonBox.y < toastBox.y + toastBox.height;
  expect(overlaps, 'the toast covers the login button').toBe(false);
  // Below the top bar: the back button stays reachable.
  const barBox = await page.locator('.page-nav-bar').boundingBox();
  expect(toastBox.y).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0));

  // Each word lies on one line (the toast does wrap, onto more than one).
  const lines = await toast.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    const lineTops = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        tops.forEach((top) => lineTops.add(top));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return { broken, lineCount: lineTops.size, wordBreak: getComputedStyle(element).wordBreak };
  });
  expect(lines.lineCount, 'the message wraps').toBeGreaterThan(1);
  expect(lines.broken, 'words broken across lines').toEqual([]);
  expect(lines.wordBreak).not.toBe('break-all');
});

test('a malformed email gets SPEC §5 message in the app language, never the browser bubble', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('kpc:language', 'zh-Hans'));
  let loginCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/acc/loginEmail')) loginCalls += 1;
  });

  async function submitMalformedEmail(emailTestId: string, submitTestId: string) {
    await fill(page, emailTestId, 'member.example.com');
    await page.getByTestId(submitTestId).click();
    // SPEC §5 "Enter a valid email", in Chinese.
    await expect(page.locator('.adm-form-item-feedback-error', { hasText: '请输入正确的邮箱' })).toBeVisible();
    const form = await page.getByTestId(emailTestId).evaluate((input) => {
      const owner = (input as HTMLInputElement).form;
      return { noValidate: owner?.noValidate ?? null, browserMessage: (input as HTMLInputElement).validationMessage };
    });
    // The browser would have a message of its own (the field is type=email), but never shows it.
    expect(form.noValidate, 'the form leaves the checks to the app').toBe(true);
    expect(form.browserMessage).not.toBe('');
  }

  await page.goto('/#/pages/login/index');
  await waitForPage(page, 'login-page');
  await fill(page, 'login-password', PASSWORD);
  await submitMalformedEmail('login-email', 'login-submit');
  expect(loginCalls, 'nothing is sent').toBe(0);

  await page.goto(`/#/pages/register/index?inviteCode=${GENESIS_CODE}`);
  await waitForPage(page, 'register-page');
  await submitMalformedEmail('register-email', 'register-submit');
});

test('the current page stays while the next one loads, with a bar along the top', async ({ page }) => {
  // The register page's code arrives a second late.
  let releasePage: () => void = () => undefined;
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(/\/assets\/register-page-[^/]*\.js$/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page.goto('/#/pages/login/index');
  await waitForPage(page, 'login-page');
  await page.getByTestId('login-register-link').click();
  await expect(page.getByTestId('navigation-progress')).toBeVisible();
  await expect(page.getByTestId('login-page')).toBeVisible();
  releasePage();
  await expect(page.getByTestId('register-page')).toBeVisible();
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
});

test('a page opened directly shows its skeleton until its code arrives', async ({ page }) => {
  let releasePage: () => void = () => undefined;
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(/\/assets\/user-agreement-page-[^/]*\.js$/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page.goto('/#/pages/term/user', { waitUntil: 'commit' });
  await expect(page.getByTestId('page-loading')).toBeVisible();
  releasePage();
  await expect(page.getByTestId('terms-title')).toBeVisible();
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
});
