import { randomUUID } from 'node:crypto';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { TTotpBeginResponse } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { members } from '../db/schema/index.ts';
import { createWalletMember, fund, type TestMember } from './members.ts';
import type { TestApp } from './test-app.ts';

/** Members with an email and second steps, for the two-step tests (Step 11 §2). */

export interface EmailMember extends TestMember {
  email: string;
}

/** A wallet member on the local chain given an email (codes are mailed there), funded with `usdt`. */
export async function emailMember(t: TestApp, usdt?: string): Promise<EmailMember> {
  const member = await createWalletMember(t, { chainId: 31337 });
  const email = `2fa-${randomUUID().slice(0, 8)}@example.com`;
  await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
  if (usdt) await fund(t, member, 'USDT', usdt);
  return { ...member, email };
}

/** Asks `path` to mail the member a code (past the resend cooldown first) and reads it from the test mailbox. */
export async function mailedCode(t: TestApp, member: EmailMember, path: string): Promise<string> {
  t.clock.advance(61); // past the resend cooldown (and into a new TOTP step)
  const since = t.smtp.mails.length;
  expect((await t.call(path, {}, member.headers)).code).toBe(200);
  return t.smtp.waitForCode(member.email, { since });
}

/** The member's authenticator app: the code of the test clock's current 30 s step. */
export function authenticatorOf(t: TestApp, secret: string): () => string {
  const key = decodeBase32IgnorePadding(secret);
  return () => generateHOTP(key, BigInt(Math.floor(t.clock.now().getTime() / 30_000)), 6);
}

/** Turns the member's authenticator on; answers its code maker. */
export async function enableTotp(t: TestApp, member: TestMember): Promise<() => string> {
  const begun = await t.call('/api/2fa/totp/begin', {}, member.headers);
  expect(begun.code).toBe(200);
  const { secret, uri } = begun.data as TTotpBeginResponse;
  expect(uri).toMatch(/^otpauth:\/\/totp\/KPC:/);
  const code = authenticatorOf(t, secret);
  const enabled = await t.call('/api/2fa/totp/enable', { code: code() }, member.headers);
  expect(enabled.code).toBe(200);
  expect(enabled.data.totp.enabled).toBe(true);
  return code;
}
