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

/**
 * The state of a new item. The admin's own items always go live. A rule hit decides first (垃圾 is the
 * stronger of two hits); then the mode: `all` holds everything, `first` holds a person who has nothing
 * published yet. `shown` is the rest of the item's text that readers see beside it (a guestbook
 * message's tag): a blocked word there counts as one in the text.
 */
export function judge(
  text: string,
  rules: ReviewRules,
  author: { isAdmin: boolean; hasPublished: boolean },
  shown: readonly string[] = [],
): ReviewState {
  if (author.isAdmin) return 'published';
  const hits: RuleAction[] = [];
  if ([text, ...shown].some((t) => t && rules.words.find(t))) hits.push(rules.wordsAction);
  if (rules.maxLinks > 0 && countLinks(text) > rules.maxLinks) hits.push(rules.linksAction);
  if (hits.includes('spam')) return 'spam';
  if (hits.length) return 'pending';
  if (rules.mode === 'all') return 'pending';
  if (rules.mode === 'first' && !author.hasPublished) return 'pending';
  return 'published';
}
