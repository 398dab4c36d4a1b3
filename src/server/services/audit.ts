import { sql } from 'kysely';
import type { z } from 'zod';
import type { AuditList, AuditRow } from '../../lib/contract/admin-audit.ts';
import { type Recurring, startRecurring } from '../core/recurring.ts';
import { db } from '../db/connection.ts';
import { contains, within } from './admin-filters.ts';
import type { JobParts } from './job-parts.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/**
 * The audit log (docs/decisions/0011-audit-log.md):
 * one row per successful admin write, recorded by api/audit.ts after the
 * answer is decided, and one per security event of api/audit-events.ts (a failed sign-in,
 * a 2FA change, a refusal on an admin route), each with its kind; listed at /admin/audit, kept for
 * AUDIT_DAYS.
 */

/** The tables whose rows a log entry may name, and the column that names them. */
export type LabelTable =
  | 'article'
  | 'category'
  | 'tag'
  | 'talk'
  | 'photo_album'
  | 'photo'
  | 'link'
  | 'message'
  | 'comment'
  | 'bangumi'
  | 'resource'
  | 'site'
  | 'user'
  | 'page_header'
  | 'chat'
  | 'mail_outbox'
  | 'upload';

/** `before`: read before the write runs (a delete), else after it. */
export type LabelSource = { table: LabelTable; column: string; before?: true };

/** The kind of every admin write (the column's default, migration 0022). */
const ADMIN_WRITE = '管理操作';

const LABEL_CHARS = 40;
const LABELS_CHARS = 500;

const short = (text: string) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > LABEL_CHARS ? `${one.slice(0, LABEL_CHARS)}…` : one;
};

/** The names of these rows (in the order of `ids`; rows gone are left out). */
export async function readLabels(source: LabelSource, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = (await db
    .selectFrom(source.table)
    .select([sql.ref('id').as('id'), sql<string>`${sql.ref(source.column)}`.as('label')])
    .where(sql.ref('id'), 'in', ids.slice(0, 100))
    .execute()) as { id: number; label: string }[];
  const byId = new Map(rows.map((r) => [Number(r.id), String(r.label ?? '')]));
  return ids.flatMap((id) => (byId.has(id) ? [short(byId.get(id) as string)] : []));
}

export type AuditEntry = {
  /** 管理操作 when absent (an admin write). */
  kind?: string;
  /** 0 for nobody signed in. */
  userId: number;
  userName: string;
  action: string;
  thing: string;
  ids: number[];
  labels: string[];
  method: string;
  path: string;
  ip: string;
};

/**
 * Who a row written by the CLI names (`npm run blog -- rotate-secret`): no account ran it,
 * so no user id (0, never an account's) and 命令行 as the name. Not an admin to filter by (auditUsers).
 */
export const CLI_ACTOR = { userId: 0, userName: '命令行' } as const;

export async function recordAudit(e: AuditEntry): Promise<void> {
  const label = e.labels.join('、');
  await db
    .insertInto('audit_log')
    .values({
      kind: e.kind ?? ADMIN_WRITE,
      user_id: e.userId,
      user_name: e.userName,
      action: e.action,
      thing_type: e.thing,
      thing_id: e.ids.join(',').slice(0, 500),
      label: label.length > LABELS_CHARS ? `${label.slice(0, LABELS_CHARS)}…` : label,
      method: e.method,
      path: e.path.slice(0, 300),
      ip: e.ip.slice(0, 100),
      createdAt: new Date().toISOString(),
    })
    .execute();
}

export type AuditFilter = z.output<typeof AuditList>;

/** A page of the log, newest first: by admin, action (part of its name), kind of thing, window, and text (names, ids, path). */
export async function listAudit(f: AuditFilter): Promise<Page<AuditRow>> {
  let q = db.selectFrom('audit_log');
  if (f.user_id) q = q.where('user_id', '=', f.user_id);
  // Part of the action's name: 删除 finds every delete.
  if (f.action) q = q.where(contains('action', f.action));
  if (f.thing_type) q = q.where('thing_type', '=', f.thing_type);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.time) q = q.where(within('createdAt', f.time));
  if (f.text) {
    const text = f.text;
    q = q.where((eb) =>
      eb.or([
        contains('label', text),
        contains('thing_id', text),
        contains('path', text),
        contains('user_name', text),
      ]),
    );
  }
  return paginate(
    f,
    (limit, offset) =>
      q
        .select([
          'id',
          'kind',
          'user_id',
          'user_name',
          'action',
          'thing_type',
          'thing_id',
          'label',
          'method',
          'path',
          'ip',
          'createdAt',
        ])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(q),
  );
}

/** The accounts that appear in the log as who did it (for the filter), by their newest name. */
export async function auditUsers(): Promise<{ id: number; nick_name: string }[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('user', 'user.id', 'audit_log.user_id')
    // 0 is nobody signed in (a failed sign-in, a visitor refused).
    .where('audit_log.user_id', '>', 0)
    .select([
      'audit_log.user_id as id',
      sql<string>`max(coalesce(${sql.ref('user.nick_name')}, ${sql.ref('audit_log.user_name')}))`.as(
        'nick_name',
      ),
    ])
    .where('audit_log.user_id', '<>', CLI_ACTOR.userId)
    .groupBy('audit_log.user_id')
    .orderBy('audit_log.user_id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), nick_name: r.nick_name }));
}

/** The kinds of rows the log holds (an index-only read of audit_log_kind), for the 类型 filter. */
export async function auditKinds(): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('kind').distinct().orderBy('kind').execute();
  return rows.map((r) => r.kind);
}

/** How long a log row is kept. */
export const AUDIT_DAYS = 180;
const DAY_MS = 86_400_000;

/** Removes the rows of `db` older than AUDIT_DAYS before the clock's now; returns how many went. */
export async function purgeAudit({ db, clock }: Pick<JobParts, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(clock().getTime() - AUDIT_DAYS * DAY_MS).toISOString();
  const r = await db.deleteFrom('audit_log').where('createdAt', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Purges now (after the current turn, never inside a request) and then daily, like the article bin. */
export function startAuditPurge(parts: JobParts, everyMs = DAY_MS): Recurring<number> {
  return startRecurring(parts.life, 'audit purge', () => purgeAudit(parts), everyMs, 0);
}
