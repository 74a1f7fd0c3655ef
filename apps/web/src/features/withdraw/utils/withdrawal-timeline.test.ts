import type { TWithdrawalDetail } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import { buildTimelineRows, stepOfStatus } from './withdrawal-timeline.ts';

const AT = [
  '2026-05-01T10:00:00.000Z',
  '2026-05-01T10:00:01.000Z',
  '2026-05-01T10:00:04.000Z',
  '2026-05-01T10:00:05.000Z',
];

function detail(status: TWithdrawalDetail['status'], steps: TWithdrawalDetail['timeline'][number]['step'][]) {
  return { status, timeline: steps.map((step, index) => ({ step, at: AT[index] ?? AT[0]! })) };
}

function rows(input: ReturnType<typeof detail>) {
  return buildTimelineRows(input).map((row) => `${row.step}:${row.state}:${row.at ? 'time' : '-'}`);
}

describe('the withdrawal timeline', () => {
  it('checks the steps passed, highlights the one it stands at and dims the rest', () => {
    expect(rows(detail('approved', ['submitted', 'approved']))).toEqual([
      'submitted:done:time',
      'approved:current:time',
      'sending:upcoming:-',
      'confirming:upcoming:-',
      'completed:upcoming:-',
    ]);
    expect(rows(detail('confirming', ['submitted', 'approved', 'sending', 'confirming']))).toEqual([
      'submitted:done:time',
      'approved:done:time',
      'sending:done:time',
      'confirming:current:time',
      'completed:upcoming:-',
    ]);
  });

  it('checks every step once completed', () => {
    const completed = detail('completed', ['submitted', 'approved', 'sending', 'confirming', 'completed']);
    expect(buildTimelineRows(completed).map((row) => row.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('shows an unknown payout as still confirming', () => {
    expect(stepOfStatus('unknown')).toBe('confirming');
    expect(rows(detail('unknown', ['submitted', 'approved', 'sending', 'confirming']))[3]).toBe(
      'confirming:current:time',
    );
  });

  it('ends a rejected or failed withdrawal in red, without the steps it never reached', () => {
    expect(rows(detail('rejected', ['submitted', 'rejected']))).toEqual([
      'submitted:done:time',
      'rejected:failed:time',
    ]);
    expect(rows(detail('failed', ['submitted', 'approved', 'sending', 'confirming', 'failed'])).at(-1)).toBe(
      'failed:failed:time',
    );
  });
});
