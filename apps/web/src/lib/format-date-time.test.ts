import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('shows local date and time to the second', () => {
    const date = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDateTime(date.toISOString())).toBe('2026-01-02 03:04:05');
  });

  it('shows an unreadable value as given', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
