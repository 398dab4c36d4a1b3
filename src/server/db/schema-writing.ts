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
  article_render: ArticleRenderTable;
}

/** What an article's body became when it was written (migration 0047, services/articles/rendering.ts). */
export interface ArticleRenderTable {
  article_id: number;
  /** The pipeline's version (services/markdown.ts RENDERER_VERSION). */
  renderer: string;
  /** Digest of the Markdown rendered (articles/rendering.ts sourceDigest). */
  source: string;
  html: string;
  /** The table of contents, JSON. */
  toc: Generated<string>;
  /** 'consent': the owner chose plain text for a body the renderer could not finish; else ''. */
  plain: Generated<string>;
  /** The start of the body's text. */
  excerpt: Generated<string>;
  /** The `/uploads/` addresses the body shows, JSON. */
  images: Generated<string>;
  rendered_at: string;
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
