import { formatNumber, fromLedgerUnits, maskEmail, toLedgerUnits } from '@kpc/shared';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
// The server's own airdrop rules (Step 7, docs/modules/team.md): the figures the journey expects follow the
// configured rates and fee instead of a copy of them.
import {
  DEFAULT_AIRDROP_RULES,
  grossAirdrop,
  splitFee,
  TeamEventKind,
} from '../../apps/server/src/modules/team/airdrop.ts';
import { loginThroughUi, registerThroughApi, registerThroughUi, uniqueEmail } from '../support/account.ts';
import { loginNewMember, seedFunds } from '../support/funds.ts';
import { capture, expectTapTarget, expectToast } from '../support/journey.ts';
import { waitForSheet } from '../support/sheet.ts';

// Issue 12 §6 (SPEC §1, §2, §3 Team, §9): a member invites a friend with the link from Invite
// Friends (copied, as a QR code and on a poster); the friend opens it in their own browser, registers
// with the code already filled in, and shows up in the inviter's team, masked. When the friend buys a
// broker package, the inviter's direct airdrop arrives net of the 20% handling fee, on the team page
// and in the asset flow. Screens in English and Chinese.

const TEXT = {
  en: {
    copied: 'Copied',
    registered: 'Registration successful. Welcome to KPC!',
    klkSuccess: 'You have successfully activated the KLK Broker Privilege Package',
    member: 'Ordinary member',
    ambassador: 'Ambassador',
    airdrop: 'Airdrop',
  },
  'zh-Hans': {
    copied: '已复制',
    registered: '注册成功，欢迎加入 KPC！',
    klkSuccess: '您已成功激活 KLK 经纪人特权礼包',
    member: '普通会员',
    ambassador: '大使',
    airdrop: '空投',
  },
} as const;

type Language = keyof typeof TEXT;

/** Opens every page of `target` in `language` unless the member has chosen another since. */
async function speak(target: Page | BrowserContext, language: Language) {
  await target.addInitScript((code) => {
    if (!localStorage.getItem('kpc:language')) localStorage.setItem('kpc:language', code);
  }, language);
}

/** The invitation code Mine shows the logged-in member (Mine must be showing). */
async function mineInviteCode(page: Page): Promise<string> {
  const code = page.getByTestId('mine-invite-code');
  await expect(code).toHaveText(/^[A-Z2-9]{8}$/);
  return (await code.textContent()) ?? '';
}

/** "1,234.5 USDT" as the pages write an amount, back to the decimal string "1234.5". */
function parseAmount(text: string | null): string {
  const match = /^([\d,.]+)\s*USDT$/.exec((text ?? '').trim());
  expect(match, `an amount in USDT: ${text}`).not.toBeNull();
  return (match?.[1] ?? '').replaceAll(',', '');
}

for (const language of ['en', 'zh-Hans'] as const) {
  test(`an invitation link brings a new member into the inviter's team (${language})`, async ({ page, browser }) => {
    const text = TEXT[language];
    await speak(page, language);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginNewMember(page, `inviter.${language}`);
    const inviteCode = await mineInviteCode(page);

    // Invite Friends: the link is the register page with the member's code, the QR code says the same.
    await page.getByTestId('mine-invite').click();
    await expect(page.getByTestId('invite-page')).toBeVisible();
    await expect(page.getByTestId('invite-code')).toHaveText(inviteCode);
    const link = page.getByTestId('invite-link');
    await expect(link).toHaveText(/#\/pages\/register\/index\?inviteCode=/);
    const inviteLink = (await link.textContent()) ?? '';
    expect(new URL(inviteLink.replace('#', '')).searchParams.get('inviteCode')).toBe(inviteCode);
    await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-value', inviteLink);
    await expect(page.getByTestId('invite-qr').locator('canvas')).toBeVisible();

    // Copy: "Copied", and the clipboard holds the link.
    await expectTapTarget(page.getByTestId('invite-copy-link'), 'copy link');
    await page.getByTestId('invite-copy-link').click();
    await expectToast(page, text.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
    await capture(page, `${language}-invite`);

    // The poster: an image of the QR code and the code, to save.
    await expectTapTarget(page.getByTestId('invite-poster-open'), 'poster');
    await page.getByTestId('invite-poster-open').click();
    await waitForSheet(page);
    const poster = page.getByTestId('invite-poster-image');
    await expect(poster).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('invite-poster-download')).toHaveAttribute(
      'download',
      `kpc-invite-${inviteCode}.png`,
    );
    await capture(page, `${language}-invite-poster`);
    await page.getByTestId('invite-poster-close').click();
    await expect(page.getByTestId('invite-poster-sheet')).toBeHidden();

    // The friend, in a browser of their own, opens the link: the register page, the code filled in.
    const friendContext = await browser.newContext();
    await speak(friendContext, language);
    const friend = await friendContext.newPage();
    const friendEmail = uniqueEmail(`invitee.${language}`);
    await friend.goto(inviteLink);
    await expect(friend.getByTestId('register-page')).toBeVisible();
    await expect(friend.getByTestId('register-invite-code')).toHaveValue(inviteCode);
    await capture(friend, `${language}-register-invited`);
    // The register page remembers the invitation when it is opened again without it.
    await registerThroughUi(friend, friendEmail, null);
    // The welcome toast lasts seconds: caught first, while the home page may still be loading.
    await expect(friend.getByText(text.registered)).toBeVisible();
    await expect(friend.getByTestId('home-page')).toBeVisible();
    await friendContext.close();

    // The inviter's team: one direct member, the friend masked in "my invitations".
    await page.goBack();
    await expect(page.getByTestId('mine-page')).toBeVisible();
    await page.getByTestId('mine-team').click();
    await expect(page.getByTestId('team-page')).toBeVisible();
    await expect(page.getByTestId('team-direct-count')).toHaveText('1');
    await expect(page.getByTestId('team-indirect-count')).toHaveText('0');
    await expect(page.getByTestId('team-size')).toHaveText('1');
    const invitations = page.getByTestId('team-invitation');
    await expect(invitations).toHaveCount(1);
    await expect(invitations.getByTestId('team-invitation-member')).toHaveText(maskEmail(friendEmail));
    expect(maskEmail(friendEmail)).not.toBe(friendEmail);
    await expect(invitations.getByTestId('team-invitation-level')).toHaveText(text.member);
    await capture(page, `${language}-team`);
  });

  test(`a purchase by an invitee pays the inviter a direct airdrop net of the handling fee (${language})`, async ({
    page,
    browser,
  }) => {
    const text = TEXT[language];
    await speak(page, language);
    await loginNewMember(page, `airdrop.inviter.${language}`);
    const inviteCode = await mineInviteCode(page);

    // The invitee registers with the inviter's code and buys the KLK agent package with test funds.
    const buyerContext = await browser.newContext();
    await speak(buyerContext, language);
    const buyer = await buyerContext.newPage();
    const buyerEmail = uniqueEmail(`airdrop.buyer.${language}`);
    await registerThroughApi(buyer.request, buyerEmail, inviteCode);
    await buyer.goto('/#/pages/login/index');
    await loginThroughUi(buyer, buyerEmail);
    await expect(buyer.getByTestId('home-page')).toBeVisible();
    await seedFunds(buyer, { asset: 'USDT', amount: '2000', bucket: 'available' });
    await buyer.goto('/#/pages/klk/index');
    await expect(buyer.getByTestId('klk-page')).toBeVisible();
    await expect(buyer.getByTestId('klk-available')).toHaveText('2,000 USDT');
    await buyer.getByTestId('klk-tier-agent-buy').click();
    await waitForSheet(buyer);
    const paid = parseAmount(await buyer.getByTestId('klk-review-pay').textContent());
    await buyer.getByTestId('klk-review-confirm').click();
    await expectToast(buyer, text.klkSuccess);
    await expect(buyer.getByTestId('klk-success')).toBeVisible();
    await buyerContext.close();

    // What the inviter is owed: the direct rate of what was paid, less the 20% fee (SPEC §9).
    expect(DEFAULT_AIRDROP_RULES.feeRateBp).toBe(2000n);
    const airdrop = splitFee(grossAirdrop(TeamEventKind.KLK_PACKAGE, toLedgerUnits(paid), 1));
    expect(airdrop.gross).toBeGreaterThan(0n);
    expect(airdrop.net * 5n).toBe(airdrop.gross * 4n);
    const net = `${formatNumber(fromLedgerUnits(airdrop.net))} USDT`;

    // The inviter's team page: the direct airdrop, which is all of the total; none indirect.
    await page.getByTestId('mine-team').click();
    await expect(page.getByTestId('team-page')).toBeVisible();
    await expect(page.getByTestId('team-airdrop-direct')).toHaveText(net);
    await expect(page.getByTestId('team-airdrop-total')).toHaveText(net);
    await expect(page.getByTestId('team-airdrop-indirect')).toHaveText('0 USDT');
    await expect(page.getByTestId('team-airdrop-card')).toHaveText('0 USDT');
    await expect(page.getByTestId('team-direct-count')).toHaveText('1');
    await expect(page.getByTestId('team-volume')).toHaveText(`${formatNumber(paid)} USDT`);
    // A broker package of their own makes the invitee an ambassador (docs/modules/team.md "Levels").
    await expect(page.getByTestId('team-invitation-level')).toHaveText(text.ambassador);
    await capture(page, `${language}-team-airdrop`);

    // The asset flow: the airdrop, net, is the inviter's only entry.
    await page.goto('/#/pages/asset/log');
    await expect(page.getByTestId('asset-log-page')).toBeVisible();
    const entries = page.getByTestId('asset-log-item');
    await expect(entries).toHaveCount(1);
    await expect(entries.getByTestId('asset-log-item-type')).toHaveText(text.airdrop);
    await expect(entries.getByTestId('asset-log-item-amount')).toHaveText(`+${net}`);
    await capture(page, `${language}-asset-log-airdrop`);
  });
}
