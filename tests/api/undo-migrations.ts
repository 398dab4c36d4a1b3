import type { Kysely } from 'kysely';
import type { Dialect } from '../../src/server/db/connection.ts';
import * as m0011 from '../../src/server/db/migrations/0011_article_admin.ts';
import * as m0013 from '../../src/server/db/migrations/0013_view_stats.ts';
import * as m0015 from '../../src/server/db/migrations/0015_audit_log.ts';
import * as m0016 from '../../src/server/db/migrations/0016_link_health.ts';
import * as m0017 from '../../src/server/db/migrations/0017_search_trgm.ts';
import * as m0018 from '../../src/server/db/migrations/0018_article_order_indexes.ts';
import * as m0019 from '../../src/server/db/migrations/0019_idempotency.ts';
import * as m0020 from '../../src/server/db/migrations/0020_secret.ts';
import * as m0021 from '../../src/server/db/migrations/0021_two_factor.ts';
import * as m0022 from '../../src/server/db/migrations/0022_audit_kind.ts';
import * as m0023 from '../../src/server/db/migrations/0023_icp_number.ts';
import * as m0024 from '../../src/server/db/migrations/0024_link_group.ts';
import * as m0027 from '../../src/server/db/migrations/0027_review.ts';
import * as m0029 from '../../src/server/db/migrations/0029_guest_guard.ts';
import * as m0030 from '../../src/server/db/migrations/0030_writer_place.ts';
import * as m0031 from '../../src/server/db/migrations/0031_link_demo.ts';
import * as m0032 from '../../src/server/db/migrations/0032_mail.ts';
import * as m0033 from '../../src/server/db/migrations/0033_uploads.ts';
import * as m0035 from '../../src/server/db/migrations/0035_import.ts';
import * as m0037 from '../../src/server/db/migrations/0037_revisions.ts';
import * as m0038 from '../../src/server/db/migrations/0038_publish_password.ts';
import * as m0041 from '../../src/server/db/migrations/0041_seo.ts';
import * as m0043 from '../../src/server/db/migrations/0043_photo_caption.ts';
import * as m0045 from '../../src/server/db/migrations/0045_old_url.ts';
import * as m0046 from '../../src/server/db/migrations/0046_mail_confirm.ts';
import * as m0047 from '../../src/server/db/migrations/0047_article_render.ts';
import * as m0048 from '../../src/server/db/migrations/0048_review_reason.ts';

/**
 * The tests that rebuild an older database (the migrations of a database made before a change must
 * bring it up to date: tests/api/database.test.ts, usernames.test.ts, search.test.ts) undo the newer
 * migrations first. Each migration with a `down` is listed here once, in order, so a new one is added
 * in one place instead of in every such test. Those without one (0012, 0014) are undone by hand there.
 */
type Down = (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
const UNDOABLE: [string, Down][] = [
  ['0011_article_admin', m0011.down],
  ['0013_view_stats', m0013.down],
  ['0015_audit_log', m0015.down],
  ['0016_link_health', m0016.down],
  ['0017_search_trgm', m0017.down],
  ['0018_article_order_indexes', m0018.down],
  ['0019_idempotency', m0019.down],
  ['0020_secret', m0020.down],
  ['0021_two_factor', m0021.down],
  ['0022_audit_kind', m0022.down],
  ['0023_icp_number', m0023.down],
  ['0024_link_group', m0024.down],
  ['0027_review', m0027.down],
  ['0029_guest_guard', m0029.down],
  ['0030_writer_place', m0030.down],
  ['0031_link_demo', m0031.down],
  ['0032_mail', m0032.down],
  ['0033_uploads', m0033.down],
  ['0035_import', m0035.down],
  ['0037_revisions', m0037.down],
  ['0038_publish_password', m0038.down],
  ['0041_seo', m0041.down],
  ['0043_photo_caption', m0043.down],
  ['0045_old_url', m0045.down],
  ['0046_mail_confirm', m0046.down],
  ['0047_article_render', m0047.down],
  ['0048_review_reason', m0048.down],
];

/** Undoes every listed migration from `first` on, newest first (each removes its own mark). */
export async function undoMigrationsFrom(
  db: Kysely<unknown>,
  dialect: Dialect,
  first: string,
): Promise<void> {
  const from = UNDOABLE.findIndex(([name]) => name === first);
  if (from < 0) throw new Error(`no undoable migration ${first}`);
  for (const [, down] of UNDOABLE.slice(from).reverse()) await down(db, dialect);
}

/** The names of the listed migrations from `after` on, excluding it: what a migrate runs again on top. */
export const migrationsAfter = (after: string): string[] => {
  const at = UNDOABLE.findIndex(([name]) => name === after);
  if (at < 0) throw new Error(`no undoable migration ${after}`);
  return UNDOABLE.slice(at + 1).map(([name]) => name);
};
