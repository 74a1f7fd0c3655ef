import { describe, expect, it } from 'vitest';
import { ZRegisterRequest, ZResetPasswordRequest } from './account.ts';

/** Each issue as `field: message key`, in the order zod reports them. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
}

describe('passwords that differ (issue 24 item 6: every error in one submit)', () => {
  it('are reported together with the other fields’ problems on registering', () => {
    const result = ZRegisterRequest.safeParse({
      email: 'not-an-email',
      password: 'journey passphrase',
      confirmPassword: 'journey passphrase 2',
      code: '',
      inviteCode: 'GENESIS1',
      agreed: true,
    });
    expect(issuesOf(result)).toEqual([
      'email: validation.emailInvalid',
      'code: validation.codeRequired',
      'code: validation.codeInvalid',
      'confirmPassword: validation.passwordMismatch',
    ]);
  });

  it('are reported together with the other fields’ problems on changing the password', () => {
    const result = ZResetPasswordRequest.safeParse({
      email: 'member@example.com',
      code: '12',
      password: 'short',
      confirmPassword: 'shorter',
    });
    expect(issuesOf(result)).toEqual([
      'code: validation.codeInvalid',
      'password: validation.passwordTooShort',
      'confirmPassword: validation.passwordMismatch',
    ]);
  });

  it('are not compared while a password is missing: that field says what it needs', () => {
    const result = ZResetPasswordRequest.safeParse({ email: 'member@example.com', code: '123456', password: 'x' });
    expect(issuesOf(result)).toEqual([
      'password: validation.passwordTooShort',
      'confirmPassword: validation.confirmPasswordRequired',
    ]);
  });

  it('pass when they match', () => {
    const passwords = { password: 'journey passphrase', confirmPassword: 'journey passphrase' };
    expect(ZResetPasswordRequest.safeParse({ email: 'member@example.com', code: '123456', ...passwords }).success).toBe(
      true,
    );
  });
});
