import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream } from './csv.ts';
import { keysetPages } from './csv-export.ts';

// CSV exports (Step 8b §4): RFC 4180 quoting, and no cell a spreadsheet would run as a formula.

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12n)).toBe('12');
    expect(csvCell(false)).toBe('false');
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas (= + - @ tab CR first)', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Numbers stay numbers, negative ones too; a sign inside text is harmless.
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('12.5')).toBe('12.5');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csv streams', () => {
  it('writes the header then each page until the last, reading a page only when asked', async () => {
    const pages = [[{ n: 1 }, { n: 2 }], [{ n: 3 }]];
    const asked: Array<string | undefined> = [];
    const next = keysetPages<{ n: number }>(async (cursor) => {
      asked.push(cursor);
      const index = cursor === undefined ? 0 : Number(cursor);
      return { list: pages[index] ?? [], nextCursor: index + 1 < pages.length ? String(index + 1) : null };
    }, 2);
    const stream = csvStream([{ header: 'n', value: (row: { n: number }) => row.n }], next);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('\uFEFFn\r\n1\r\n2\r\n3\r\n');
    // Two pages, no third query after the page that said it was the last.
    expect(asked).toEqual([undefined, '1']);
  });
});
