// @vitest-environment happy-dom
import type { TWithdrawChannel } from '@kpc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkAmount } from '@/lib/amount-rules.ts';
import { changeLocale, i18n, translateKey } from '@/lib/i18n.ts';
import { ClientErrorCode, isAnswerLost, RequestError } from '@/lib/request.ts';
import {
  chooseChannel,
  getChannelProblemKey,
  getChannelStatusKey,
  getWithdrawAmountLimits,
  getWithdrawAssets,
  getWithdrawFingerprint,
  ZWithdrawFields,
} from './withdraw-form.ts';

function channel(chainId: number, status: TWithdrawChannel['status'], asset = 'USDT'): TWithdrawChannel {
  return {
    chainId,
    network: `Net ${chainId}`,
    asset,
    status,
    minimum: '10',
    feeRate: '0.01',
    minFee: '1',
    decimals: 6,
  };
}

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/** The English message the form shows for an amount, or null when it passes. */
function amountMessage(amount: string, available: string | undefined): string | null {
  const check = checkAmount(amount, getWithdrawAmountLimits(channel(137, 'open'), available));
  return check.ok ? null : i18n.t(check.problem.key, check.problem.values ?? {});
}

/** The English message of each field that fails, as the form shows it. */
function fieldMessages(values: object): Record<string, string> {
  const result = ZWithdrawFields.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= translateKey(issue.message);
  return messages;
}

beforeEach(async () => {
  await changeLocale('en');
});

describe('withdraw amount (SPEC §5)', () => {
  it('asks for a valid amount, at least the minimum, and no more than available', () => {
    expect(amountMessage('', '100')).toBe('Enter amount');
    expect(amountMessage('0', '100')).toBe('Enter a valid amount');
    expect(amountMessage('.', '100')).toBe('Enter a valid amount');
    expect(amountMessage('9.999999', '100')).toBe('The minimum amount is 10 USDT');
    expect(amountMessage('100.000001', '100')).toBe('Insufficient balance');
    expect(amountMessage('1.1234567', '100')).toBe('At most 6 decimal places');
    expect(amountMessage('10', '100')).toBeNull();
    expect(amountMessage('100', '100')).toBeNull();
  });

  it('checks the minimum before the balance has loaded', () => {
    expect(amountMessage('5', undefined)).toBe('The minimum amount is 10 USDT');
    expect(amountMessage('5000', undefined)).toBeNull();
  });

  it('shows the minimum in the interface language', async () => {
    await changeLocale('zh-Hans');
    expect(amountMessage('5', '100')).toBe('最小数量为 10 USDT');
  });
});

describe('withdraw address and code', () => {
  it('asks for an address, then a correct one', () => {
    expect(fieldMessages({ address: '', code: '123456' })).toEqual({ address: 'Enter address' });
    expect(fieldMessages({ address: '0x1234', code: '123456' })).toEqual({ address: 'Please enter a correct address' });
    // Mixed case must carry a valid EIP-55 checksum.
    expect(fieldMessages({ address: ADDRESS.replace('8ba1', '8BA1'), code: '123456' })).toEqual({
      address: 'Please enter a correct address',
    });
  });

  it('accepts a pasted address with spaces around it, in any case', () => {
    const parsed = ZWithdrawFields.parse({ address: `  ${ADDRESS}\n`, code: '123456' });
    expect(parsed.address).toBe(ADDRESS);
    expect(fieldMessages({ address: ADDRESS.toLowerCase(), code: '123456' })).toEqual({});
  });

  it('asks for the emailed code', () => {
    expect(fieldMessages({ address: ADDRESS, code: '' })).toEqual({ code: 'Enter verification code' });
    expect(fieldMessages({ address: ADDRESS, code: '12345' })).toEqual({
      code: 'The verification code must be 6 digits',
    });
    expect(fieldMessages({})).toEqual({ address: 'Enter address', code: 'Enter verification code' });
  });
});

describe('withdraw channels', () => {
  const channels = [channel(56, 'paused'), channel(137, 'open'), channel(1, 'not_open'), channel(5, 'open', 'USDC')];

  it('starts on the first open network and keeps the chosen one', () => {
    expect(getWithdrawAssets(channels)).toEqual(['USDT', 'USDC']);
    expect(chooseChannel(channels, {})?.chainId).toBe(137);
    expect(chooseChannel(channels, { asset: 'USDT', chainId: 56 })?.chainId).toBe(56);
    expect(chooseChannel(channels, { asset: 'USDC', chainId: 56 })?.chainId).toBe(5);
    expect(chooseChannel([channel(56, 'paused')], {})?.chainId).toBe(56);
    expect(chooseChannel([], {})).toBeUndefined();
  });

  it('says why a channel takes no withdrawals (SPEC §8)', () => {
    expect(getChannelProblemKey('open')).toBeNull();
    expect(i18n.t(getChannelProblemKey('paused') ?? 'withdraw.title')).toBe(
      'The current channel is temporarily unavailable.',
    );
    expect(i18n.t(getChannelProblemKey('not_open') ?? 'withdraw.title')).toBe('This channel is not open yet.');
    expect(getChannelStatusKey('open')).toBeNull();
    expect(i18n.t(getChannelStatusKey('paused') ?? 'withdraw.title')).toBe('Paused');
  });

  it('gives one submission one request id, whatever the address case', () => {
    const fields = { chainId: 137, asset: 'USDT', address: ADDRESS, amount: '20' };
    expect(getWithdrawFingerprint(fields)).toBe(getWithdrawFingerprint({ ...fields, address: ADDRESS.toLowerCase() }));
    expect(getWithdrawFingerprint(fields)).not.toBe(getWithdrawFingerprint({ ...fields, amount: '21' }));
  });
});

describe('a failed withdrawal', () => {
  it('may have gone through only when no answer came: then the review stays for a retry', () => {
    expect(isAnswerLost(new RequestError(ClientErrorCode.NETWORK, 'network'))).toBe(true);
    expect(isAnswerLost(new RequestError(ClientErrorCode.TIMEOUT, 'timeout'))).toBe(true);
    // The server answered: a wrong code, too little balance, a paused channel.
    expect(isAnswerLost(new RequestError(1101, 'The verification code is wrong'))).toBe(false);
    expect(isAnswerLost(new RequestError(ClientErrorCode.NOT_FOUND, 'not found'))).toBe(false);
    expect(isAnswerLost(new Error('other'))).toBe(false);
  });
});
