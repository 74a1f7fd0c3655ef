import { ZTotpCode, type TPasskeyAssertion, type TTwoStepStatus } from '@kpc/shared';
import { useState } from 'react';

/**
 * The second step a security change asks for (Step 11 §2): the authenticator's code while TOTP is
 * on, or a passkey's answer when the member keeps a passkey (`PasskeyConfirm` sets it). `proof`
 * is what goes into the request beside the emailed code.
 */
export function useSecondStep(twoStep: TTwoStepStatus | undefined) {
  const isTotpOn = twoStep?.totp.enabled === true;
  const hasPasskeys = (twoStep?.passkeys.count ?? 0) > 0;
  const [passkey, setPasskey] = useState<TPasskeyAssertion | null>(null);
  const isTotpAsked = isTotpOn && !passkey;
  return {
    hasPasskeys,
    passkey,
    setPasskey,
    /** Whether the form shows (and requires) the authenticator's code. */
    isTotpAsked,
    totpSchema: isTotpAsked ? ZTotpCode : ZTotpCode.optional(),
    /** Only a passkey can answer, and it has not yet: the member is asked to use it first. */
    isPasskeyMissing: hasPasskeys && !isTotpOn && !passkey,
    proof: (totpCode: string | undefined): { passkey: TPasskeyAssertion } | { totpCode: string } | object =>
      passkey ? { passkey } : totpCode && isTotpAsked ? { totpCode } : {},
  };
}
