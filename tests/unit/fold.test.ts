import { describe, expect, it } from 'vitest';
import { fold, skeleton } from '../../src/lib/fold.ts';

/** The folding the blocked words and the blogger-name rule compare on (src/lib/fold.ts). */
describe('fold', () => {
  it.each([
    ['invisible characters go without a trace', 'ca\u200Bs\u200Ci\u200Dn\u2060o\u00AD\uFEFF', 'casino'],
    [
      'other default-ignorables too (bidi, variation selector, CGJ, Hangul filler)',
      'c\u202Ea\uFE0Fs\u034Fi\u3164no',
      'casino',
    ],
    ['full width and other compatibility forms', 'ＣＡＳＩＮＯ ①', 'casino1'],
    ['mathematical and circled letters', '𝐜𝐚𝐬𝐢𝐧𝐨 ⓥⓧ', 'casinovx'],
    ['accents, precomposed or combining', 'càsíñö ca\u0301si\u0308no', 'casinocasino'],
    ['Cyrillic look-alikes (а е о р с у х і ѕ г)', 'саѕіnо рарег уеѕ хbох', 'casinopaperyesxbox'],
    ['case', 'CaSiNo', 'casino'],
    [
      'Traditional Chinese to Simplified (Taiwan and Hong Kong forms)',
      '代開發票 賭博 衞生 頭髮',
      '代开发票赌博卫生头发',
    ],
    ['Simplified Chinese stays', '代开发票', '代开发票'],
  ])('%s', (_, text, letters) => expect(fold(text).letters).toBe(letters));

  it('Cyrillic and Greek capitals fold like their Latin twins; a capital drawn like I is i', () => {
    expect(fold('САЅІNО').letters).toBe('casino');
    expect(fold('VΙAGRA').letters).toBe('viagra'); // Greek Ι
    expect(fold('VӀAGRA').letters).toBe('viagra'); // Cyrillic palochka
    expect(fold('ΒΟΝUS').letters).toBe('bonus'); // Greek capitals
  });

  it('keeps ASCII as it is: 0 is not o, 1 is not l, m is not rn', () => {
    expect(fold('c0de 1ime mod').letters).toBe('c0de1imemod');
  });

  it('marks where separators stood between letters, and keeps them in `plain`', () => {
    const f = fold('a s-s!');
    expect(f.letters).toBe('ass');
    expect([...f.seams]).toEqual([0, 1, 2]);
    expect(f.plain).toBe('a s-s!');
    // Leading and trailing separators are no seam between letters; invisible ones never are.
    expect([...fold('  ab\u200Bc  ').seams]).toEqual([0, 0, 0]);
    expect(fold('💰 $$$').letters).toBe('');
  });

  it('lines the seams up with string indices for characters outside the BMP', () => {
    const f = fold('𠀀 x');
    expect(f.letters).toBe('𠀀x');
    expect([...f.seams]).toEqual([0, 0, 1]);
  });

  it('the skeleton of a name is its letters', () => {
    expect(skeleton('【博 主】')).toBe('博主');
    expect(skeleton('愽\u200B主')).toBe('博主');
    expect(skeleton('Ｂ\u200Bo\u00ADb ')).toBe('bob');
  });
});
