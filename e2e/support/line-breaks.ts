import { expect, type Locator, type Page } from '@playwright/test';

/** A word the layout split over two lines: where it broke, in which text, under which test id. */
export interface BrokenWord {
  /** The word with `|` where the line broke, e.g. `Инвестиционн|ый`. */
  word: string;
  /** The whole text it is part of. */
  text: string;
  /** The nearest `data-testid` around it, or the element's tag. */
  where: string;
}

/**
 * Every word the layout broke over two lines, under `scope` (the whole page by default): each text
 * node is cut into words as `Intl.Segmenter` sees them in the page's language (`<html lang>`), and a
 * word whose characters' line boxes (Range.getClientRects) sit on more than one line is reported.
 * Chinese wraps between any two Han characters, so only a break inside a run of Latin letters,
 * digits or kana counts there; numbers, codes and addresses (digits, `translate="no"`) may break.
 */
export async function findBrokenWords(scope: Page | Locator): Promise<BrokenWord[]> {
  const root = 'goto' in scope ? scope.locator('body') : scope;
  return root.evaluate((element: Element) => {
    const language = document.documentElement.lang || 'en';
    const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    const isChinese = language.startsWith('zh');
    const han = /\p{Script=Han}/u;
    const range = document.createRange();
    const lineTop = (node: Text, start: number, end: number) => {
      range.setStart(node, start);
      range.setEnd(node, end);
      const rect = Array.from(range.getClientRects()).find((box) => box.width > 0 && box.height > 0);
      return rect ? { top: rect.top, bottom: rect.bottom } : null;
    };
    const found: { word: string; text: string; where: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      const text = node.data;
      if (!parent || text.trim() === '' || parent.closest('[translate="no"], script, style, svg')) continue;
      for (const { segment, index, isWordLike } of segmenter.segment(text)) {
        if (!isWordLike || segment.length < 2 || /\d/.test(segment)) continue;
        range.setStart(node, index);
        range.setEnd(node, index + segment.length);
        if (Array.from(range.getClientRects()).filter((box) => box.width > 0).length < 2) continue;
        // Where the line changes: the first character that starts below the previous one's line.
        let previous = lineTop(node, index, index + 1);
        for (let offset = 1; offset < segment.length; offset += 1) {
          const current = lineTop(node, index + offset, index + offset + 1);
          if (previous && current && current.top >= previous.bottom - 2) {
            const before = segment[offset - 1] ?? '';
            const after = segment[offset] ?? '';
            if (!(isChinese && (han.test(before) || han.test(after)))) {
              found.push({
                word: `${segment.slice(0, offset)}|${segment.slice(offset)}`,
                text: text.trim(),
                where: parent.closest('[data-testid]')?.getAttribute('data-testid') ?? parent.tagName.toLowerCase(),
              });
            }
          }
          if (current) previous = current;
        }
      }
    }
    return found;
  });
}

/**
 * Figures side by side that do not line up: in every `<dl>` under `scope` laid out in columns, the
 * terms whose boxes start on the same row must have their values (`<dd>`) start at the same height,
 * however many lines each term takes. Answers the rows that do not, as their values' texts.
 */
export async function findValuesOutOfLine(scope: Page | Locator): Promise<string[][]> {
  const root = 'goto' in scope ? scope.locator('body') : scope;
  return root.evaluate((element: Element) => {
    const rows: string[][] = [];
    for (const list of Array.from(element.querySelectorAll('dl'))) {
      const cells = Array.from(list.querySelectorAll('dd'))
        .filter((value) => value.getClientRects().length > 0)
        .map((value) => {
          const term = value.previousElementSibling;
          return { value, termTop: term?.getBoundingClientRect().top ?? Number.NaN };
        });
      const byRow = new Map<number, typeof cells>();
      for (const cell of cells) {
        const row = [...byRow.keys()].find((top) => Math.abs(top - cell.termTop) <= 1) ?? cell.termTop;
        byRow.set(row, [...(byRow.get(row) ?? []), cell]);
      }
      for (const row of byRow.values()) {
        const tops = row.map((cell) => cell.value.getBoundingClientRect().top);
        if (row.length > 1 && Math.max(...tops) - Math.min(...tops) > 1) {
          rows.push(row.map((cell) => cell.value.textContent?.trim() ?? ''));
        }
      }
    }
    return rows;
  });
}

/** Expects the values of every row of figures under `scope` to start at the same height (findValuesOutOfLine). */
export async function expectValuesInLine(scope: Page | Locator, screen: string) {
  expect(await findValuesOutOfLine(scope), `values out of line on ${screen}`).toEqual([]);
}

/** Expects no word under `scope` to be broken over two lines (see findBrokenWords). */
export async function expectWordsWhole(scope: Page | Locator, screen: string) {
  expect(await findBrokenWords(scope), `words broken over two lines on ${screen}`).toEqual([]);
}
