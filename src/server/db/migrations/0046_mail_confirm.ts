import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Mail only to confirmed addresses, and at most so many to one address (docs/security.md#mail):
 * - `user.email_confirmed`: the address (lower-cased) its owner confirmed by the link mailed to it; the
 *   account's address is confirmed while `lower(email)` equals it, so changing the address by any path
 *   unconfirms it. `user.email_nonce`: the one link that may still confirm it ('' none): a new link,
 *   a use and an address change replace it, so every older link ends.
 * - `config.owner_email_confirmed`: the blogger's address the console's test mail reached.
 * - `mail_outbox.rcpt`: the lower-cased address (the cap and the digest group by it); `reason` why a
 *   mail was not sent alone (`unconfirmed`, `capped`, `folded`); `digest_id` the digest that carried a
 *   folded mail; `summary` a mail's one line in a digest (JSON `{title, url}`). New statuses: `held`
 *   (over the cap, waits for the digest), `folded` (went out in a digest), `skipped` (never sent).
 * - `mail_recipient`: each address's two windows (an hour, a day): when each began and how many mails
 *   it took. A mail takes its slot by one conditional UPDATE of this row, so two senders cannot both
 *   take the last one.
 *
 * At the migration the blogger's own addresses count as confirmed (config.owner_email, and every
 * admin account's address: the blogger typed them, and they already received the blog's mail);
 * members' addresses do not, until each member follows a new link (个人中心 → 邮件提醒 → 重新发送).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('email_confirmed', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('email_nonce', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('config')
    .addColumn('owner_email_confirmed', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const [name, type] of [
    ['rcpt', 'text'],
    ['reason', 'text'],
    ['summary', 'text'],
  ] as const)
    await db.schema
      .alterTable('mail_outbox')
      .addColumn(name, type, (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema.alterTable('mail_outbox').addColumn('digest_id', 'integer').execute();
  await sql`UPDATE mail_outbox SET rcpt = lower(trim(to_addr))`.execute(db);
  await db.schema.createIndex('mail_outbox_rcpt').on('mail_outbox').columns(['rcpt', 'status']).execute();
  await db.schema
    .createTable('mail_recipient')
    .addColumn('rcpt', 'text', (c) => c.primaryKey())
    .addColumn('hour_from', 'text', (c) => c.notNull())
    .addColumn('hour_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day_from', 'text', (c) => c.notNull())
    .addColumn('day_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE config SET owner_email_confirmed = lower(trim(owner_email))`.execute(db);
  await sql`UPDATE "user" SET email_confirmed = lower(trim(email)) WHERE role = 1`.execute(db);
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_recipient').execute();
  await db.schema.dropIndex('mail_outbox_rcpt').execute();
  for (const name of ['digest_id', 'summary', 'reason', 'rcpt'])
    await db.schema.alterTable('mail_outbox').dropColumn(name).execute();
  await db.schema.alterTable('config').dropColumn('owner_email_confirmed').execute();
  await db.schema.alterTable('user').dropColumn('email_nonce').execute();
  await db.schema.alterTable('user').dropColumn('email_confirmed').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0046_mail_confirm'`.execute(db);
}
