import type { Generated } from 'kysely';

/**
 * The moderation settings on the `config` row (migration 0027, docs/owner-guide.md#评论审核), kept
 * apart from schema.ts by their own reason to change.
 */
export interface ReviewConfig {
  comment_review: string; // off | first | all
  blocked_words: string; // one a line
  blocked_words_action: string; // pending | spam
  max_links_per_comment: number; // 0: no limit
  links_action: string; // pending | spam
  blocked_ips: string; // addresses and CIDR ranges, IPv4 or IPv6, one a line
}

/** The guest guard's switches on the `config` row, 0/1 (migration 0029, docs/owner-guide.md#访客与评论). */
export interface GuardConfig {
  guest_captcha: Generated<number>;
  ip_region: Generated<number>;
  ua_summary: Generated<number>;
}

/** The guest guard's own tables. */
export interface GuardTables {
  /** Spent ALTCHA challenges, kept till they expire (migration 0029). */
  altcha_used: { id: string; expires_at: string };
}
