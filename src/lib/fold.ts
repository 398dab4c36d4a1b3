import { Converter } from 'opencc-js/t2cn';
import CONFUSABLES from 'unhomoglyph/data.json' with { type: 'json' };

/**
 * Text as the word and name rules compare it (docs/security.md#blocked-words): one folding for the
 * blogger's blocked words (lib/blocked-words.ts) and the names that may not pass for the blogger
 * (lib/names.ts). For comparison only: what is stored and shown stays as written.
 *
 * Server-only: it carries Unicode's confusables list and OpenCC's 繁→简 tables (about 240 KB), so no
 * island or page script may import it (or names.ts, blocked-words.ts).
 */

/**
 * What a reader does not see: the default-ignorable code points (ZWSP U+200B, ZWNJ, ZWJ U+200D, WJ
 * U+2060, soft hyphen U+00AD, BOM U+FEFF, bidi controls, variation selectors, the Hangul fillers …),
 * the other format characters, private-use and unassigned code points and lone surrogates. Dropped
 * without a trace, with the combining marks (accents) that NFKD split off their letters:
 * `ca\u200Bsino` and `càsino` are `casino`.
 */
const DROPPED = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{M}]+/gu;

/** What stands between words: spaces, line breaks and other controls, punctuation, symbols, emoji. */
const SEPARATOR_RUNS = /[\p{Z}\s\p{Cc}\p{P}\p{S}]+/gu;
const SEPARATOR = /^[\p{Z}\s\p{Cc}\p{P}\p{S}]$/u;

const NON_ASCII = /[^\p{ASCII}]/gu;

/**
 * Letters of other scripts that look like a Latin letter or a digit: the entries of Unicode's
 * confusables list (`unhomoglyph`'s copy of confusables.txt) whose prototype is one ASCII letter or
 * digit, lower-cased. Its ASCII entries (`0`→O, `1`→l, `m`→rn) are left out: they would make ordinary
 * words meet. A capital it draws as `l` looks like a capital I (Greek Ι, Cyrillic І), so it is `i`.
 */
function lookAlikes(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [from, to] of Object.entries(CONFUSABLES as Record<string, string>)) {
    if (from.length > 2 || [...from].length !== 1 || from.charCodeAt(0) < 0x80) continue;
    let letter = to.toLowerCase();
    if (!/^[a-z0-9]$/.test(letter)) continue;
    if (to === 'l' && from !== from.toLowerCase()) letter = 'i';
    out.set(from, letter);
  }
  // Look-alikes the list maps elsewhere or not at all, and a variant form of 博.
  for (const [from, to] of Object.entries({ κ: 'k', χ: 'x', ȷ: 'j', 愽: '博' })) out.set(from, to);
  return out;
}

let LOOK_ALIKES: Map<string, string> | null = null;
let TO_SIMPLIFIED: ((text: string) => string) | null = null;

/**
 * Every character as the rules see it, the separators kept and the invisible dropped: compatibility
 * forms folded (ｆｕｌｌ width, 𝐦𝐚𝐭𝐡 letters, ①, ﬁ), accents and other combining marks removed (NFKD,
 * then the marks), look-alike letters mapped (Cyrillic а е о р с х, Greek ο ρ …), lower case,
 * Traditional Chinese (Taiwan and Hong Kong forms) folded to Simplified (OpenCC, 代開發票 → 代开发票),
 * NFKC at the end (Hangul syllables recomposed).
 */
function foldChars(text: string): string {
  LOOK_ALIKES ??= lookAlikes();
  // Built on first use: OpenCC's tables take about 50 ms to load.
  TO_SIMPLIFIED ??= Converter({ from: 'hk', to: 'cn' });
  const map = LOOK_ALIKES;
  const mapped = text
    .normalize('NFKD')
    .replace(DROPPED, '')
    .replace(NON_ASCII, (ch) => map.get(ch) ?? map.get(ch.toLowerCase()) ?? ch)
    .toLowerCase();
  return TO_SIMPLIFIED(mapped).normalize('NFKC');
}

/**
 * A text folded for matching: `letters` is foldChars without the separators (`c a-s.i n o` is
 * `casino`); `seams[i]` counts the runs of separators that stood between letters before letters[i]
 * (so one stood right before it when seams[i] > seams[i - 1], and letters[s..e) had one inside when
 * seams[e - 1] > seams[s]); `plain` is foldChars with the separators (for a listed word that has
 * symbols at its edges, such as `$$$` or `c++`).
 */
export type Folded = { letters: string; seams: Uint32Array; plain: string };

export function fold(text: string): Folded {
  const plain = foldChars(text);
  const letters = plain.replace(SEPARATOR_RUNS, '');
  const seams = new Uint32Array(letters.length);
  let removed = 0;
  let count = 0;
  let from = 0;
  for (const run of plain.matchAll(SEPARATOR_RUNS)) {
    // Where the letter after this run sits in `letters`.
    const at = run.index - removed;
    removed += run[0].length;
    if (at === 0 || at === letters.length) continue;
    seams.fill(count, from, at);
    count++;
    from = at;
  }
  seams.fill(count, from);
  return { letters, seams, plain };
}

/** The skeleton of a name: what is left to see, folded (`【博 主】`, `博\u200B主`, `愽主` are 博主). */
export function skeleton(text: string): string {
  return fold(text).letters;
}

/** Whether a character is a separator (for a listed word's own edges). */
export function isSeparator(ch: string): boolean {
  return SEPARATOR.test(ch);
}
