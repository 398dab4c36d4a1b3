import type { Generated } from 'kysely';

/** The import table (migration 0035), apart from schema.ts: it changes with services/import only. */
export interface ImportTables {
  import_source: ImportSourceTable;
  old_url: OldUrlTable;
}

/** A row an import wrote and where it came from (services/import/run.ts). */
export interface ImportSourceTable {
  /** The source's key: `wxr:<site address>`, `markdown`, `mysql:<host>/<database>`… */
  source: string;
  /** What it is: article, category, tag, comment, user… */
  kind: string;
  /** Its id in the source. */
  source_id: string;
  /** The id of the row it became here. */
  target_id: number;
  /** A copied picture's address here (kind `image`, source id its SHA-256); else ''. */
  target_url: Generated<string>;
  createdAt: string;
}

/** An address an imported article had on the old blog (migration 0045): answered with a 301 to it. */
export interface OldUrlTable {
  /** The address in one spelling: src/lib/old-url.ts `oldUrlKey`. */
  path: string;
  article_id: number;
  /** The import that claimed it (import_source's key). */
  source: string;
  createdAt: string;
}
