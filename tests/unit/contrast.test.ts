import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readableOn } from '../../src/lib/contrast.ts';

describe('contrast', () => {
  it('parses hex colours, compositing alpha over the background', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#E06C75')).toEqual([224, 108, 117]);
    expect(parseHex('#ffffff00', [10, 20, 30])).toEqual([10, 20, 30]);
    expect(parseHex('red')).toBeNull();
  });

  it('computes WCAG ratios', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([40, 44, 52], [40, 44, 52])).toBeCloseTo(1, 5);
  });

  it('nudges a colour just enough to be readable, and leaves good ones alone', () => {
    const bg = '#282c34';
    const fixed = readableOn('#E06C75', bg);
    const ratio = contrastRatio(
      parseHex(fixed) as [number, number, number],
      parseHex(bg) as [number, number, number],
    );
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ratio).toBeLessThan(5.5);
    expect(readableOn('#ABB2BF', bg)).toBe('#ABB2BF');
    // On a light background it darkens.
    const dark = parseHex(readableOn('#aaaaaa', '#ffffff')) as [number, number, number];
    expect(dark[0]).toBeLessThan(0xaa);
    expect(readableOn('inherit', bg)).toBe('inherit');
  });
});
