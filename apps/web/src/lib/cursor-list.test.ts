import { describe, expect, it } from 'vitest';
import { getNextCursor, keepFirstPage, mergePages } from './cursor-list.ts';

const page = (ids: string[], nextCursor: string | null) => ({ list: ids.map((id) => ({ id })), nextCursor });

describe('cursor list pages', () => {
  it('asks for the next page by nextCursor and stops at null', () => {
    expect(getNextCursor(page(['3', '2'], '2'))).toBe('2');
    expect(getNextCursor(page(['1'], null))).toBeUndefined();
  });

  it('joins pages in order, keeping an entry seen twice once', () => {
    expect(mergePages([page(['5', '4'], '4'), page(['4', '3'], null)]).map((item) => item.id)).toEqual(['5', '4', '3']);
    expect(mergePages([])).toEqual([]);
  });

  it('keeps only the first page for a refresh', () => {
    const data = { pages: [page(['2'], '2'), page(['1'], null)], pageParams: [undefined, '2'] };
    expect(keepFirstPage(data)).toEqual({ pages: [page(['2'], '2')], pageParams: [undefined] });
    expect(keepFirstPage(undefined)).toBeUndefined();
  });
});
