import { formatDecimal, parseDecimal } from '@kpc/shared';
import { RESERVES_RATIO_DECIMALS } from '@kpc/shared/operator';
import { Tag } from 'antd';
import { formatAmount } from '@/lib/format.ts';

const WHOLE = 10n ** BigInt(RESERVES_RATIO_DECIMALS);

/** `1.234567` as `123.45 %` (`810.0445` as `81,004.45 %`) (cut, never rounded up: coverage is never overstated). */
export function formatRatio(ratio: string): string {
  const hundredths = (parseDecimal(ratio, RESERVES_RATIO_DECIMALS) * 10_000n) / WHOLE;
  const [whole = '0', fraction = ''] = formatDecimal(hundredths, 2).split('.');
  return `${formatAmount(whole)}.${fraction.padEnd(2, '0')} %`;
}

/** Reserves cover what is owed: the ratio is at least 1 (100 %). */
export function isCovered(ratio: string): boolean {
  return parseDecimal(ratio, RESERVES_RATIO_DECIMALS) >= WHOLE;
}

/** The ratio as a tag: green at 100 % or more, orange below; a dash when it cannot be told. */
export function RatioTag({ ratio, testId }: { ratio: string | null; testId?: string }) {
  if (ratio === null) return <Tag data-testid={testId}>—</Tag>;
  return (
    <Tag color={isCovered(ratio) ? 'success' : 'warning'} data-testid={testId} data-covered={String(isCovered(ratio))}>
      {formatRatio(ratio)}
    </Tag>
  );
}
