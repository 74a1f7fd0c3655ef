// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { exceedsMaximum, getEsopFingerprint, previewKpc, previewLockEnd, releasedPercent } from './esop-form.ts';

describe('the KPC plan form', () => {
  it('previews the KPC as the server allocates it, rounded down', () => {
    expect(previewKpc('1000', '0.5')).toBe('2000');
    expect(previewKpc('100', '3')).toBe('33.333333333333333333');
    expect(previewKpc(null, '0.5')).toBeNull();
    expect(previewKpc('100', '0')).toBeNull();
  });

  it("checks the plan's maximum exactly, as typed", () => {
    expect(exceedsMaximum('50000', '50000')).toBe(false);
    expect(exceedsMaximum('50000.000001', '50000')).toBe(true);
    expect(exceedsMaximum('', '50000')).toBe(false);
    expect(exceedsMaximum('1.', '50000')).toBe(false);
  });

  it('ends the lock-up lockMonths x 30 days after the order', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(previewLockEnd(6, now).toISOString()).toBe('2026-06-30T00:00:00.000Z');
  });

  it('measures progress by the KPC released', () => {
    expect(releasedPercent({ kpc: '2000', released: '0' })).toBe(0);
    expect(releasedPercent({ kpc: '2000', released: '500' })).toBe(25);
    expect(releasedPercent({ kpc: '3', released: '1' })).toBe(33.33);
    expect(releasedPercent({ kpc: '2000', released: '2000' })).toBe(100);
  });

  it('gives the same amount the same fingerprint, so a retry reuses its request id', () => {
    expect(getEsopFingerprint('1000')).toBe(getEsopFingerprint('1000'));
    expect(getEsopFingerprint('1000')).not.toBe(getEsopFingerprint('1001'));
  });
});
