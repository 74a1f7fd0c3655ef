import { describe, expect, it } from 'vitest';
import { dateOfPicked, defaultExportRange, pickerDateOf, shiftDate, utcDateOf } from './export-dates.ts';

describe('history export dates', () => {
  it('starts on the last 30 days up to today in UTC, whatever the local day', () => {
    // 23:30 UTC on 27 November is already the 28th east of UTC: the range still ends on the UTC day.
    expect(defaultExportRange(new Date('2026-11-27T23:30:00Z'))).toEqual({
      fromDate: '2026-10-28',
      toDate: '2026-11-27',
    });
    expect(utcDateOf(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
  });

  it('moves across months, years and leap days', () => {
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDate('2026-01-15', -30)).toBe('2025-12-16');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('shows a day in the picker as that calendar day and reads it back unchanged', () => {
    const picked = pickerDateOf('2026-02-28');
    expect([picked.getFullYear(), picked.getMonth(), picked.getDate()]).toEqual([2026, 1, 28]);
    expect(dateOfPicked(picked)).toBe('2026-02-28');
    expect(dateOfPicked(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
