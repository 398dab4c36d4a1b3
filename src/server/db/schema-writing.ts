import type { Generated } from 'kysely';

/**
 * The writing tables (migration 0037, docs/api/admin.md#revisions), apart from schema.ts: they change
 * with services/articles/revisions.ts only.
 */
/** The article's columns of scheduled and password-protected posts (migration 0038). */
export interface ArticleWriting {
  /** When a scheduled article (status 4) goes public, ISO; kept after it did; null when never scheduled. */
  publish_at: Generated<string | null>;
  /** argon2id hash of the article's password; "" for none. */
  password: Generated<string>;
}

export interface WritingTables {
  article_revision: ArticleRevisionTable;
}

/**
 * One saved state of an article's title and text. Every save that changes them adds one; the newest 50
 * of an article are kept, and every one saved while the article was public (`published` 1) for good.
 */
export interface ArticleRevisionTable {
  id: Generated<number>;
  article_id: number;
  /** Who saved it. */
  user_id: number;
  article_title: string;
  article_content: string;
  /** 1 when the article was public after this save: such a revision is never pruned. */
  published: number;
  createdAt: string;
}
