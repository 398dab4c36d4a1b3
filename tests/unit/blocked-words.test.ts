import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockedWords, findBlockedWord, parseWordList } from '../../src/lib/blocked-words.ts';

/** The owner's blocked words, matched on folded text (src/lib/blocked-words.ts, src/lib/fold.ts). */
const words = parseWordList('casino\nVX\n\n  代开发票  \nvx\r\nass\nsex\n赌博');
const hit = (text: string) => findBlockedWord(text, words);

describe('the list', () => {
  it('folds each word once; blank lines and repeats (after folding) go', () => {
    expect(words.map((w) => w.listed)).toEqual(['casino', 'VX', '代开发票', 'ass', 'sex', '赌博']);
    expect(parseWordList('ＶＸ\nvx\nV X\n').map((w) => w.key)).toEqual(['vx']);
    expect(parseWordList('代開發票').map((w) => w.key)).toEqual(['代开发票']);
  });

  it('compiles once per list: the same list gives the same matcher, a changed list a new one', () => {
    const a = blockedWords('casino\nvx');
    expect(blockedWords('casino\nvx')).toBe(a);
    const b = blockedWords('casino\nvx\n赌博');
    expect(b).not.toBe(a);
    expect(b.find('賭博')).toBe('赌博');
    expect(blockedWords('').find('anything')).toBeNull();
  });
});

describe('what a blocked word hides behind', () => {
  it.each([
    ['a zero-width space', 'ca\u200Bsino'],
    ['a zero-width joiner', 'ca\u200Dsino'],
    ['a zero-width non-joiner', 'cas\u200Cino'],
    ['a word joiner', 'casi\u2060no'],
    ['a soft hyphen', 'ca\u00ADsi\u00ADno'],
    ['a byte-order mark', 'cas\uFEFFino'],
    ['spaces between letters', '来 c a s i n o 玩'],
    ['punctuation between letters', 'c.a.s.i.n.o'],
    ['whole pieces split anyhow', 'best ca-si no here'],
    ['symbols and emoji between letters', 'c★a★s★i★n★o and c🎰asino'],
    ['Cyrillic look-alikes', '\u0441\u0430sin\u043e'],
    ['Greek look-alikes', 'CΑSΙΝΟ'],
    ['combining accents', 'ca\u0301si\u0300no'],
    ['precomposed accents', 'càsíñö'],
    ['full width', 'ＣＡＳＩＮＯ'],
    ['mathematical letters', '𝐜𝐚𝐬𝐢𝐧𝐨'],
    ['upper case', 'CASINO'],
    ['everything at once', 'Ｃ\u200B\u0430 s і\u0301 n-\u043e'],
  ])('%s', (_, text) => expect(hit(text)).toBe('casino'));

  it.each([
    ['Traditional forms', '可以代開發票'],
    ['Traditional forms with spaces', '需要 代 開 發 票 請聯繫'],
    ['spaces inside a sentence (Chinese has no word spaces)', '需要代 开发 票请联系'],
    ['full-width punctuation', '代，开，发，票'],
    ['invisible characters', '代\u200B开\u2060发\uFEFF票'],
  ])('Chinese: %s', (_, text) => expect(hit(text)).toBe('代开发票'));

  it('short Latin words spelled out letter by letter', () => {
    expect(hit('加我 v x')).toBe('VX');
    expect(hit('加我v_x')).toBe('VX');
    expect(hit('a s s')).toBe('ass');
    expect(hit('s.e.x')).toBe('sex');
  });
});

describe('innocent text', () => {
  it.each([
    'I was sad', // w[as s]ad: the letters run over a word's edge, not whole pieces
    'as soon as possible',
    'Its expensive',
    'this is extra',
    'bad as sin',
    'Mrs. Casi nominated',
    'dev x-axis', // de[v x]: the v ends a longer word
    '代码开发票务系统',
    '正常的评论',
    'c++ and c#',
  ])('%j is not caught', (text) => expect(hit(text)).toBeNull());

  it('a word inside another is still found, as before (the list is the owner’s choice)', () => {
    expect(hit('classic')).toBe('ass');
  });
});

describe('words with symbols at an edge', () => {
  it('are matched as typed (folded), never on their letters alone', () => {
    const list = parseWordList('c++\n$$$\n🎰');
    expect(findBlockedWord('学 C＋＋ 吧', list)).toBe('c++');
    expect(findBlockedWord('c language', list)).toBeNull();
    expect(findBlockedWord('赚 $$$ 快', list)).toBe('$$$');
    expect(findBlockedWord('来🎰', list)).toBe('🎰');
    expect(findBlockedWord('$ $ $', list)).toBeNull();
    // An emoji at the edge is one character, not half of one.
    const slot = parseWordList('🎰casino');
    expect(findBlockedWord('来🎰CASINO', slot)).toBe('🎰casino');
    expect(findBlockedWord('casino', slot)).toBeNull();
  });

  it('inner separators of a listed word are separators like any other', () => {
    const list = parseWordList('bit.ly\nfuck you');
    expect(findBlockedWord('see bitly/x', list)).toBe('bit.ly');
    expect(findBlockedWord('FUCK   YOU', list)).toBe('fuck you');
    expect(findBlockedWord('fuckyou', list)).toBe('fuck you');
  });
});

describe('bundle weight', () => {
  /** Every file the browser runs (islands, chrome, stores, browser helpers, the console). */
  const SRC = path.resolve(import.meta.dirname, '../../src');
  const CLIENT = ['islands', 'chrome', 'stores', 'browser', 'admin'];
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? files(path.join(dir, e.name))
        : /\.(ts|tsx)$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );
  /** Value imports (a type-only import is erased) of relative modules. */
  const IMPORT =
    /^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/gm;

  it('the folding tables (confusables, OpenCC) are never reached from browser code', () => {
    const seen = new Set<string>();
    const queue = CLIENT.flatMap((dir) => files(path.join(SRC, dir)));
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = path.resolve(path.dirname(file), m[1] ?? m[2]);
        if (/\.(ts|tsx)$/.test(to)) queue.push(to);
      }
    }
    const serverOnly = ['lib/fold.ts', 'lib/blocked-words.ts', 'lib/names.ts'].map((f) => path.join(SRC, f));
    expect(serverOnly.filter((f) => seen.has(f))).toEqual([]);
    // The walk did reach the shared lib (so it follows imports at all).
    expect(seen.has(path.join(SRC, 'lib/review.ts'))).toBe(true);
  });
});
