import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { TOperatorRole } from '@kpc/shared/operator';
import { loadConfig } from '../config/env.ts';
import { inviteOperator } from '../modules/operators/accounts.ts';
import { operatorPolicyOf, type OperatorContext } from '../modules/operators/context.ts';
import { secondFactorKeysOf, totpStepAt } from '../modules/operators/second-factor.ts';
import { TEST_APP_SECRET, type TestApp } from './test-app.ts';

/**
 * Operators for server tests (Step 8a): one created the way the command line does (an enrolment
 * link), then enrolled through the API as a person would: the test reads the authenticator's
 * secret off the enrolment answer and computes codes from it. Each code is good once: `nextCode`
 * moves the test clock on by a time step first.
 */
export const OPERATOR_PASSWORD = 'a long operator passphrase';

export interface TestOperator {
  id: string;
  email: string;
  totpSecret: string;
  recoveryCodes: string[];
  /** The session cookie (`kpc_operator=…`) to send as the `cookie` header. */
  cookie: string;
  /** `POST` as this operator, with its session cookie. */
  call: (path: string, body?: unknown, headers?: Record<string, string>) => ReturnType<TestApp['call']>;
  /** Signs in again (a fresh session and second factor), as after a long pause. */
  signIn: () => Promise<void>;
  /** Gives a fresh second factor to the current session. */
  stepUp: () => Promise<void>;
}

export function operatorContextOf(t: TestApp): OperatorContext {
  return {
    db: t.database.db,
    clock: t.clock,
    keys: secondFactorKeysOf(TEST_APP_SECRET),
    publicUrl: 'http://localhost:8080',
    policy: operatorPolicyOf(loadConfig({ APP_SECRET: TEST_APP_SECRET })),
  };
}

/** The TOTP code of `secret` (base32) at the test clock's time. */
export function totpCode(t: TestApp, secret: string): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), totpStepAt(t.clock.now()), 6);
}

/** Moves the test clock to the next time step and answers the code there (each code is accepted once). */
export function nextCode(t: TestApp, secret: string): string {
  t.clock.advance(30);
  return totpCode(t, secret);
}

/** The `kpc_operator=…` pair of an answer's Set-Cookie, for the next requests. */
export function cookieOf(response: Awaited<ReturnType<TestApp['call']>>['response']): string {
  const header = response.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  const pair = line?.split(';')[0];
  if (!pair?.startsWith('kpc_operator=')) throw new Error(`no session cookie in ${String(line)}`);
  return pair;
}

/** An enrolment link's token. */
export const tokenOf = (url: string) => new URL(url.replace('/#/', '/')).searchParams.get('token')!;

/** Enrols from a link's token through the API, as the console does. */
export async function enrolWith(t: TestApp, token: string, email: string): Promise<TestOperator> {
  const enrolment = await t.call('/api/operator/auth/enrolment', { token });
  if (enrolment.code !== 200) throw new Error(`enrolment: ${enrolment.code} ${enrolment.msg}`);
  const totpSecret = enrolment.data.totpSecret as string;
  const enrolled = await t.call('/api/operator/auth/enrol', {
    token,
    password: OPERATOR_PASSWORD,
    code: nextCode(t, totpSecret),
  });
  if (enrolled.code !== 200) throw new Error(`enrol: ${enrolled.code} ${enrolled.msg}`);
  const operator: TestOperator = {
    id: enrolled.data.session.operator.id as string,
    email,
    totpSecret,
    recoveryCodes: enrolled.data.recoveryCodes as string[],
    cookie: cookieOf(enrolled.response),
    call: (path, body, headers) => t.call(path, body, { cookie: operator.cookie, ...headers }),
    async signIn() {
      const answer = await t.call('/api/operator/auth/login', {
        email,
        password: OPERATOR_PASSWORD,
        code: nextCode(t, totpSecret),
      });
      if (answer.code !== 200) throw new Error(`sign-in: ${answer.code} ${answer.msg}`);
      operator.cookie = cookieOf(answer.response);
    },
    async stepUp() {
      const answer = await operator.call('/api/operator/auth/step-up', { code: nextCode(t, totpSecret) });
      if (answer.code !== 200) throw new Error(`step-up: ${answer.code} ${answer.msg}`);
    },
  };
  return operator;
}

/** An enrolled operator with `roles`, created as the command line creates one. */
export async function createOperator(
  t: TestApp,
  roles: TOperatorRole[],
  email = `${roles.join('-')}.${Math.random().toString(36).slice(2, 8)}@ops.example`,
): Promise<TestOperator> {
  const link = await inviteOperator(
    operatorContextOf(t),
    { type: 'system', id: null, name: 'test', role: null, ip: null },
    { email, name: `Test ${roles.join(' ')}`, roles },
  );
  return enrolWith(t, tokenOf(link.enrolmentUrl), email);
}
