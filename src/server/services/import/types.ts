import type { Transaction } from 'kysely';
import type { SourceFormat } from '../../../lib/contract/admin-import.ts';
import type { DB } from '../../db/schema.ts';

/**
 * What every source's reader makes (docs/owner-guide.md#导入与导出): a plan, a list of items in the order
 * they must be written (a category before its articles, a comment after its parent), each able to
 * write itself in one transaction. run.ts turns a plan into a dry run or a run and its report.
 */

/** Lookups an item's write may need: the rows earlier items became. */
export type Writer = {
  trx: Transaction<DB>;
  /** The id the item of `kind` and source id became, if it was imported (now or before). */
  idOf: (kind: string, sourceId: string) => Promise<number | undefined>;
};

export type Item = {
  kind: string;
  /** Its id in the source: with the source's key, what makes a second run skip it. */
  sourceId: string;
  /** What the report calls it: 《标题》, a tag's name… */
  label: string;
  /** Where it is in the source: a file and line, an item's number, a table and id. */
  where: string;
  /** Why it cannot be imported, when the reader already knows (a file whose front matter is wrong). */
  error?: string;
  /** Why it is left out, when the reader already knows (an attachment no post uses…). */
  skip?: string;
  /**
   * Items of the same plan this one cannot be written without (a comment's article, a reply's
   * parent): when one of them fails or is left out, this one fails with `reason` — in the dry run too,
   * so the dry run reports every failure the run would.
   */
  needs?: { kind: string; sourceId: string; reason: string }[];
  /**
   * Work for the write or update done first, outside any transaction (a picture fetched from another
   * site): the run calls it, the dry run does not.
   */
  prepare?: () => Promise<void>;
  /** Writes it; returns the id of the row it became. */
  write?: (w: Writer) => Promise<number>;
  /**
   * The row this item already is though no run recorded it (a Markdown file's article, matched by its
   * slug, imported before import_source or by the demo seed). Read outside any transaction.
   */
  adopt?: () => Promise<number | undefined>;
  /**
   * Brings an imported row up to date with the source (a Markdown file edited since); true when it
   * changed something. Writes in a transaction of its own.
   */
  update?: (id: number) => Promise<boolean>;
};

export type Plan = {
  format: SourceFormat;
  /** The source's key in import_source: `wxr:<site address>`, `markdown`, `mysql:<host>/<database>`… */
  source: string;
  items: Item[];
  /** Said once before the list (an uploads folder not given: images stay at their addresses…). */
  notes: string[];
  /** Called at the end of a run (not a dry run): what follows rows written with their own ids. */
  finish?: () => Promise<void>;
  /** Called once the run is over, whatever happened (a zip's temporary folder goes…). */
  close?: () => Promise<void>;
};

export type Progress = (done: number, total: number, item: Item) => void;
