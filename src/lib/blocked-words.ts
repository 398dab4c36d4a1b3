import { type Folded, fold, isSeparator } from './fold.ts';
import type { WordList } from './review.ts';

/**
 * The blogger's blocked words (docs/owner-guide.md#评论审核, docs/security.md#blocked-words), matched on
 * folded text (lib/fold.ts) so that invisible characters, 繁体 forms, look-alike letters, accents,
 * full width and case do not hide a word. Server-only, like fold.ts.
 *
 * Separators between the letters of a word: `c a s i n o`, `v.x`, `代 开 发 票` and `fu-ck` match; `was
 * sad` does not match `ass`. A match that spans a separator counts only when it covers whole pieces of
 * the text, starting and ending where a word of the text starts or ends. In Chinese, Japanese and Thai
 * (written without spaces) every character is such an edge, so `需要代 开发 票` matches 代开发票 (and so
 * does `要代开？发票`, the price of catching it). What is not caught: a word split inside a longer one
 * (`motherfu ckers`), which reads the same as innocent `was sad` to a rule.
 */

/** One listed word, folded once. `literal`: it has symbols at an edge (`$$$`, `c++`), matched as typed. */
type Word = { listed: string; key: string; literal: boolean };

/** The owner's list (one word a line), folded, blank lines and repeats dropped. */
export function parseWordList(list: string): Word[] {
  const out = new Map<string, Word>();
  for (const line of list.split(/\r?\n/)) {
    const listed = line.trim();
    if (!listed) continue;
    const folded = fold(listed);
    const plain = folded.plain.trim();
    const letters = folded.letters;
    const chars = [...plain];
    const literal = !letters || isSeparator(chars[0]) || isSeparator(chars[chars.length - 1]);
    const key = literal ? plain : letters;
    if (key && !out.has(`${literal}:${key}`)) out.set(`${literal}:${key}`, { listed, key, literal });
  }
  return [...out.values()];
}

/** Scripts written without spaces between words: each of their characters is a word's edge. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30FC]/u;

function spacelessAt(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  // The second half of a surrogate pair: the character starts one unit earlier.
  const start = code >= 0xdc00 && code <= 0xdfff && i > 0 ? i - 1 : i;
  return SPACELESS.test(String.fromCodePoint(s.codePointAt(start) ?? 0));
}

/** Whether a word of the text starts or ends between letters[i - 1] and letters[i]. */
function edge(f: Folded, i: number): boolean {
  const n = f.letters.length;
  if (i <= 0 || i >= n) return true;
  return f.seams[i] > f.seams[i - 1] || spacelessAt(f.letters, i - 1) || spacelessAt(f.letters, i);
}

function occurs(f: Folded, word: Word): boolean {
  if (word.literal) return f.plain.includes(word.key);
  const { letters, seams } = f;
  for (let s = letters.indexOf(word.key); s !== -1; s = letters.indexOf(word.key, s + 1)) {
    const e = s + word.key.length;
    // Written without a separator inside, or spread over whole pieces of the text.
    if (seams[e - 1] === seams[s] || (edge(f, s) && edge(f, e))) return true;
  }
  return false;
}

/** The first listed word (as the owner wrote it) that the text contains, both folded; or null. */
export function findBlockedWord(text: string, words: readonly Word[]): string | null {
  if (words.length === 0 || !text) return null;
  const folded = fold(text);
  for (const word of words) if (occurs(folded, word)) return word.listed;
  return null;
}

let compiled: { list: string; words: WordList } | null = null;

/**
 * The owner's list compiled for judge (lib/review.ts): folded once per change of the list (the last
 * list is kept), each text folded once however many words there are.
 */
export function blockedWords(list: string): WordList {
  if (compiled?.list !== list) {
    const words = parseWordList(list);
    compiled = { list, words: { find: (text) => findBlockedWord(text, words) } };
  }
  return compiled.words;
}
