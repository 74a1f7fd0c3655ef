import { describe, expect, it } from 'vitest';
import { formatDuration } from './run-stages.mjs';

describe('run-stages', () => {
  it('prints seconds below a minute and minutes with seconds above', () => {
    expect(formatDuration(4.23)).toBe('4.2 s');
    expect(formatDuration(65.4)).toBe('1 min 05 s');
    expect(formatDuration(1920)).toBe('32 min 00 s');
    expect(formatDuration(119.7)).toBe('2 min 00 s');
  });
});
