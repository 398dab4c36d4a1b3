import { skeleton } from './fold.ts';
import { normalizeUsername } from './validation.ts';

/**
 * Names people choose: usernames (unique after folding) and the nick names and guest names shown
 * beside what they write (which may not pose as the blogger).
 */

/**
 * The key usernames are unique under: the username as stored (normalizeUsername) with compatibility
 * forms folded (ｆｕｌｌ-width letters, ligatures, circled letters) and then case, so `Admin` and
 * `ａｄｍｉｎ` are both `admin`. NFKC runs again after lower-casing because a lower-case letter can
 * have a compatibility form of its own.
 */
export function foldUsername(name: string): string {
  return normalizeUsername(name).normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** The name the blogger is shown under on every admin-written page. */
export const BLOGGER = '博主';

export const POSES_AS_BLOGGER = '昵称不能冒充博主';
export const USERNAME_POSES_AS_BLOGGER = '用户名不能冒充博主';
/** A nick name or guest name holding one of the owner's blocked words (lib/blocked-words.ts). */
export const NAME_BLOCKED = '昵称含有不允许使用的词语，请换一个';

/**
 * What a name looks like, for comparison only (lib/fold.ts, the blocked words' folding): compatibility
 * forms folded (full width), accents dropped, look-alike letters mapped (Unicode's confusables), lower
 * case, 繁→简, and without the invisible (U+200B–U+200D, U+2060, U+FEFF, the Hangul fillers and every
 * other default-ignorable code point), spaces, punctuation and symbols that a name can be padded with
 * (`【博主】`, `博 主`, `博\u200B主`, `愽主` all read as 博主).
 */
export function nameSkeleton(name: string): string {
  return skeleton(name);
}

/** Who a name may not pass for: the admins' nick names and usernames, and the blog's own name. */
export type Blogger = { names: readonly string[]; blogName: string };

/**
 * Skeletons of 博主 that no one else's name may contain: 博主 itself (`博主大人`, `【博 主】的粉丝`) and
 * `bo主`, its spelling with the reading of 博 (`ＢＯ主`, `Bo 主`).
 */
const BLOGGER_WORDS = [BLOGGER, 'bo主'];

/**
 * True when `name` reads as the blogger's: it contains 博主 or the blog's name (a blog name of one
 * character only when it is the whole name, else every name with that letter would be taken), or it
 * is one of the admins' own names (equal only: `admin` must not refuse `administrator`). Compared as
 * skeletons; names with nothing visible left never match.
 */
export function posesAsBlogger(name: string, blogger: Blogger): boolean {
  const seen = nameSkeleton(name);
  if (!seen) return false;
  if (BLOGGER_WORDS.some((word) => seen.includes(word))) return true;
  const blog = nameSkeleton(blogger.blogName);
  if (blog && ([...blog].length > 1 ? seen.includes(blog) : seen === blog)) return true;
  return blogger.names.some((n) => nameSkeleton(n) === seen);
}
