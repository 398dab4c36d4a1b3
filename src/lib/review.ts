/**
 * The moderation rules of comments and guestbook messages (docs/owner-guide.md#评论审核): which words
 * and how many links send an item to review, and what state a new item gets. Pure, so the server and
 * the unit tests share one reading of the owner's lists.
 */

/** The state of a comment or guestbook message: 已发布 / 待审核 / 垃圾. */
export const REVIEW_STATES = ['published', 'pending', 'spam'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_LABELS: Record<ReviewState, string> = {
  published: '已发布',
  pending: '待审核',
  spam: '垃圾',
};

/** `comment_review`: off (everything goes live), first (a person's first item waits), all. */
export const REVIEW_MODES = ['off', 'first', 'all'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/** Where a rule (a blocked word, too many links) sends an item. */
export const RULE_ACTIONS = ['pending', 'spam'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/**
 * Text as the link rule reads it: NFKC (full-width ｈｔｔｐ：／／ becomes http://), then case folding.
 */
function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * The owner's blocked words, compiled (lib/blocked-words.ts, server-only: it carries the folding
 * tables): the first listed word a text contains, or null.
 */
export interface WordList {
  find(text: string): string | null;
}

/**
 * How many links a text carries: every http(s):// address and every bare www. one (a Markdown link is
 * one address). Folded first, so ｈｔｔｐ：／／ counts too.
 */
export function countLinks(text: string): number {
  return foldText(text).match(/\bhttps?:\/\/[^\s)\]]+|\bwww\.[^\s)\]]+/g)?.length ?? 0;
}

export type ReviewRules = {
  mode: ReviewMode;
  words: WordList;
  wordsAction: RuleAction;
  /** 0: no limit. */
  maxLinks: number;
  linksAction: RuleAction;
};

/** A new item's state and, when it is held (待审核 or 垃圾), why, as the console's queue says it. */
export type Judged = { state: ReviewState; reason: string };

/** The settings' names of the modes that hold an item (the console's 评论设置). */
const MODE_REASONS: Partial<Record<ReviewMode, string>> = {
  first: '首次评论或留言需审核',
  all: '全部需审核',
};

/**
 * The state of a new item and the reason it is held ('' when it goes live). The admin's own items
 * always go live. A rule hit decides first (垃圾 is the stronger of two hits; both are named); then
 * the mode: `all` holds everything, `first` holds a person who has nothing published yet. `shown` is
 * the rest of the item's text that readers see beside it (a guestbook message's tag): a blocked word
 * there counts as one in the text.
 */
export function judge(
  text: string,
  rules: ReviewRules,
  author: { isAdmin: boolean; hasPublished: boolean },
  shown: readonly string[] = [],
): Judged {
  if (author.isAdmin) return { state: 'published', reason: '' };
  const hits: { action: RuleAction; reason: string }[] = [];
  for (const t of [text, ...shown]) {
    const word = t ? rules.words.find(t) : null;
    if (word) {
      hits.push({ action: rules.wordsAction, reason: `含敏感词「${word}」` });
      break;
    }
  }
  const links = rules.maxLinks > 0 ? countLinks(text) : 0;
  if (links > rules.maxLinks)
    hits.push({ action: rules.linksAction, reason: `含 ${links} 个链接（上限 ${rules.maxLinks} 个）` });
  if (hits.length) {
    const state = hits.some((h) => h.action === 'spam') ? 'spam' : 'pending';
    return { state, reason: hits.map((h) => h.reason).join('；') };
  }
  const held = rules.mode === 'all' || (rules.mode === 'first' && !author.hasPublished);
  return held
    ? { state: 'pending', reason: MODE_REASONS[rules.mode] ?? '' }
    : { state: 'published', reason: '' };
}
