import { describe, expect, it } from 'vitest';
import { wrapText } from './draw-poster.ts';

/** Ten pixels a character. */
const measure = (text: string) => text.length * 10;

describe('wrapText', () => {
  it('breaks between words to stay within the width', () => {
    expect(wrapText(measure, 'Join me and get your crypto card', 120)).toEqual([
      'Join me and',
      'get your',
      'crypto card',
    ]);
  });

  it('breaks between characters where the script has no spaces', () => {
    expect(wrapText(measure, '和我一起领取你的加密支付卡', 60)).toEqual(['和我一起领取', '你的加密支付', '卡']);
  });

  it('keeps a word longer than the width on its own line', () => {
    expect(wrapText(measure, 'a extraordinarily b', 50)).toEqual(['a', 'extraordinarily', 'b']);
  });
});
