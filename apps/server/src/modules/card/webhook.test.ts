import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TCardApplication } from '@kpc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyForCard } from '../../testing/card-sandbox.ts';
import { createWalletMember, fund } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { SandboxCardIssuer } from './issuer/sandbox-issuer.ts';
import { SANDBOX_MANUAL_RULES } from './issuer/sandbox-rules.ts';
import { manualTime } from './issuer/scheduler.ts';

// `POST /api/card/issuer/webhook`: mounted only for an issuer that calls back over HTTP. Here a
// sandbox that decides applications when its "HTTP callback" arrives, signed with HMAC-SHA256 over
// the exact body: a verified callback is applied (once, however often delivered), an unverified
// one is refused with 401, one it cannot process answers 503 so the issuer delivers it again.

const WEBHOOK_SECRET = 'issuer-webhook-secret';
const sign = (body: string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

class CallingBackIssuer extends SandboxCardIssuer {
  failNext = false;
  async handleWebhook({
    headers,
    rawBody,
  }: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
  }) {
    const header = headers['x-issuer-signature'];
    const given = Buffer.from(typeof header === 'string' ? header : '', 'hex');
    const expected = Buffer.from(sign(rawBody), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('store unavailable');
    }
    const { applicationRef, decision } = JSON.parse(rawBody) as { applicationRef: string; decision: string };
    const current = await this.getApplication(applicationRef);
    // A redelivered callback finds the decision made.
    if (current?.status === 'submitted') {
      if (decision === 'approve') await this.approve(applicationRef);
      else await this.reject(applicationRef, 'review_rejected');
    }
    return true;
  }
}

let t: TestApp;
let issuer: CallingBackIssuer;

beforeAll(async () => {
  const time = manualTime(new Date());
  t = await createTestApp(
    { RUN_CHAIN_WORKERS: 'false' },
    {
      cardIssuer: (dependencies) =>
        (issuer = new CallingBackIssuer({
          store: dependencies.store,
          clock: time.clock,
          scheduler: time.scheduler,
          rules: SANDBOX_MANUAL_RULES,
          onError: dependencies.onError,
        })),
    },
  );
}, 60_000);
afterAll(async () => {
  await t.close();
});

const deliver = (body: string, signature = sign(body)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/card/issuer/webhook',
    headers: { 'content-type': 'application/json', 'x-issuer-signature': signature },
    payload: body,
  });

describe(`the card issuer's webhook (${testDatabaseKind()})`, () => {
  it('applies a verified callback once, refuses an unverified one, and asks for a retry when it fails', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '170');
    const applied = await applyForCard({ t }, member);
    expect(applied.code).toBe(200);
    const status = async () =>
      ((await t.call('/api/card/application', { id: applied.data.id }, member.headers)).data as TCardApplication)
        .status;
    const { ref } = (await issuer.listApplications()).find(
      (a) => a.reference === `card_application:${applied.data.id}`,
    )!;
    // Spacing kept: the signature covers the bytes as sent, not a re-serialised copy.
    const body = `{ "applicationRef": "${ref}",  "decision": "approve" }`;

    expect((await deliver(body, sign(body.replace('approve', 'reject')))).statusCode).toBe(401);
    expect((await deliver(body, 'not-hex')).statusCode).toBe(401);
    expect(await status()).toBe('submitted');

    issuer.failNext = true;
    expect((await deliver(body)).statusCode).toBe(503);
    expect(await status()).toBe('submitted');

    const deliveries = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(deliveries.map((response) => response.statusCode)).toEqual([204, 204, 204]);
    expect(await status()).toBe('kyc_approved');
  });

  it('is not mounted for an issuer without callbacks (the sandbox)', async () => {
    const sandboxApp = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
    try {
      const response = await sandboxApp.app.inject({ method: 'POST', url: '/api/card/issuer/webhook', payload: '{}' });
      expect(response.statusCode).toBe(404);
    } finally {
      await sandboxApp.close();
    }
  });
});
