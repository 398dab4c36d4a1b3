import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Dialect } from '../connection.ts';
import * as m0001 from './0001_initial.ts';
import * as m0003 from './0003_account_indexes.ts';
import * as m0006 from './0006_music.ts';
import * as m0008 from './0008_search.ts';
import * as m0009 from './0009_username_key.ts';
import * as m0010 from './0010_config_created.ts';
import * as m0011 from './0011_article_admin.ts';
import * as m0012 from './0012_recycle_bins.ts';
import * as m0013 from './0013_view_stats.ts';
import * as m0014 from './0014_user_disabled.ts';
import * as m0015 from './0015_audit_log.ts';
import * as m0016 from './0016_link_health.ts';
import * as m0017 from './0017_search_trgm.ts';
import * as m0018 from './0018_article_order_indexes.ts';
import * as m0019 from './0019_idempotency.ts';
import * as m0020 from './0020_secret.ts';
import * as m0021 from './0021_two_factor.ts';
import * as m0022 from './0022_audit_kind.ts';
import * as m0023 from './0023_icp_number.ts';
import * as m0024 from './0024_link_group.ts';
import * as m0027 from './0027_review.ts';
import * as m0029 from './0029_guest_guard.ts';
import * as m0030 from './0030_writer_place.ts';
import * as m0031 from './0031_link_demo.ts';
import * as m0032 from './0032_mail.ts';
import * as m0033 from './0033_uploads.ts';
import * as m0035 from './0035_import.ts';
import * as m0037 from './0037_revisions.ts';
import * as m0038 from './0038_publish_password.ts';
import * as m0041 from './0041_seo.ts';
import * as m0043 from './0043_photo_caption.ts';
import * as m0045 from './0045_old_url.ts';
import * as m0046 from './0046_mail_confirm.ts';
import * as m0047 from './0047_article_render.ts';
import * as m0048 from './0048_review_reason.ts';

export type MigrationContext = {
  dialect: Dialect;
  /** An auto-numbered primary key, spelled for the dialect. */
  id: { type: ColumnDataType; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder };
};

type Step = { up: (db: Kysely<unknown>, ctx: MigrationContext) => Promise<void> };

/** Ordered by name; add a file and a line here for every schema change. */
const steps: Record<string, Step> = {
  '0001_initial': m0001,
  '0003_account_indexes': m0003,
  '0006_music': m0006,
  '0008_search': m0008,
  '0009_username_key': m0009,
  '0010_config_created': m0010,
  '0011_article_admin': m0011,
  '0012_recycle_bins': m0012,
  '0013_view_stats': m0013,
  '0014_user_disabled': m0014,
  '0015_audit_log': m0015,
  '0016_link_health': m0016,
  '0017_search_trgm': m0017,
  '0018_article_order_indexes': m0018,
  '0019_idempotency': m0019,
  '0020_secret': m0020,
  '0021_two_factor': m0021,
  '0022_audit_kind': m0022,
  '0023_icp_number': m0023,
  '0024_link_group': m0024,
  '0027_review': m0027,
  '0029_guest_guard': m0029,
  '0030_writer_place': m0030,
  '0031_link_demo': m0031,
  '0032_mail': m0032,
  '0033_uploads': m0033,
  '0035_import': m0035,
  '0037_revisions': m0037,
  '0038_publish_password': m0038,
  '0041_seo': m0041,
  '0043_photo_caption': m0043,
  '0045_old_url': m0045,
  '0046_mail_confirm': m0046,
  '0047_article_render': m0047,
  '0048_review_reason': m0048,
};

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const ctx: MigrationContext = {
    dialect,
    id:
      dialect === 'postgres'
        ? { type: 'serial', build: (c) => c.primaryKey() }
        : { type: 'integer', build: (c) => c.primaryKey().autoIncrement() },
  };
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, { up: (d: Kysely<unknown>) => step.up(d, ctx) }]),
  );
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
