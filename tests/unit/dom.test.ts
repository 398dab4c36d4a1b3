import { describe, expect, it } from 'vitest';
import { $, MissingElementError, type Root } from '../../src/browser/dom.ts';

/** A stand-in for a DOM root: the helper only asks it querySelector. */
const root = (found: Record<string, unknown>): Root => ({
  querySelector: (selector: string) => (found[selector] ?? null) as Element | null,
});

describe('$(): the chrome scripts find their markup or say which selector is missing', () => {
  it('returns the element the selector finds', () => {
    const button = { tagName: 'BUTTON' };
    expect($(root({ '[data-back]': button }), '[data-back]')).toBe(button);
  });

  it('throws MissingElementError naming the selector when nothing matches', () => {
    const call = () => $(root({}), '[data-drawer]');
    expect(call).toThrow(MissingElementError);
    expect(call).toThrow('missing element: [data-drawer]');
    try {
      call();
    } catch (err) {
      expect(err).toMatchObject({ name: 'MissingElementError', selector: '[data-drawer]' });
    }
  });
});
