import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Mail (docs/configuration.md#mail, services/mail):
 * - `mail_outbox`: every mail the site means to send, written by the request that causes it (in its
 *   transaction) and sent by the sender job of any process. `status` is pending → sending → sent, or
 *   failed after the last attempt; `next_at` is when a pending mail may be tried (the back-off), and
 *   `lease_until` how long a process holds one it took: a process that died while sending leaves a
 *   lease that runs out, and another takes the mail over. The body is written whole at queue time
 *   (subject, HTML, text, the List-Unsubscribe headers as JSON), so the sender reads nothing else.
 * - `mail_optout`: the kinds of mail an address does not want (an unsubscribe link, the personal
 *   center's switches), by the lower-cased address: a guest and an account with that address alike.
 * - `config.owner_email`: where the blogger's mails go; empty is the first admin's address.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', ctx.id.type, ctx.id.build)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_addr', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('sentAt', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_at']).execute();
  await db.schema
    .createTable('mail_optout')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_optout_pk', ['email', 'kind'])
    .execute();
  await db.schema
    .alterTable('config')
    .addColumn('owner_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('config').dropColumn('owner_email').execute();
  await db.schema.dropTable('mail_optout').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0032_mail'`.execute(db);
}
