import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { clientIp } from '../core/client-ip.ts';
import { logger } from '../core/log.ts';
import type { ApiEnv } from '../http/context.ts';
import { readLabels, recordAudit } from '../services/audit.ts';
import { isAdmin } from '../services/auth.ts';
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions.ts';

/**
 * The audit log's one mechanism (docs/decisions/0011-audit-log.md): for a request by an admin to a route of
 * AUDIT_ACTIONS, the row (who, the action, the things' ids and names, method, path, address, time) is
 * written once the answer is decided and was a success (HTTP < 400, envelope code 0). The write runs after
 * the answer leaves and never fails the request: a failed write is logged. A delete's names are read before
 * the handler runs (one small query), since the rows are gone afterwards; so are a write's, so a rename is
 * logged as old → new.
 */

type Compiled = {
  key: string;
  method: string;
  re: RegExp;
  names: string[];
  spec: AuditAction;
  statics: number;
};

const compiled: Compiled[] = Object.entries(AUDIT_ACTIONS)
  .map(([key, spec]) => {
    const [method, pattern] = key.split(' ');
    const names: string[] = [];
    const source = pattern
      .split('/')
      .map((seg) => {
        if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(seg.slice(1));
        return '([^/]+)';
      })
      .join('/');
    const statics = pattern.split('/').filter((s) => s && !s.startsWith(':')).length;
    return { key, method, re: new RegExp(`^${source}$`), names, spec, statics };
  })
  // A static segment wins over a parameter where two patterns could both match.
  .sort((a, b) => b.statics - a.statics);

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a broken escape: the route refuses it, the log only needs a number
  }
};

/** The route of the table this request goes to, with its path parameters (c.req.path is in routed form). */
function match(
  method: string,
  path: string,
): { key: string; spec: AuditAction; params: Record<string, string> } | null {
  for (const r of compiled) {
    if (r.method !== method) continue;
    const m = r.re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.names.forEach((name, i) => {
      params[name] = decoded(m[i + 1]);
    });
    return { key: r.key, spec: r.spec, params };
  }
  return null;
}

const positive = (v: unknown): number[] => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? [n] : [];
};

/** Ids in a field: a number, numeric text, a list of them, or a list of `{id}`. */
const idsIn = (v: unknown): number[] =>
  Array.isArray(v)
    ? v
        .slice(0, 100)
        .flatMap((x) => (x && typeof x === 'object' ? positive((x as { id?: unknown }).id) : positive(x)))
    : positive(v);

function idsOf(spec: AuditAction, params: Record<string, string>, body: unknown, result?: unknown): number[] {
  const found = idsIn(params.id);
  if (body && typeof body === 'object')
    for (const key of spec.keys ?? ['id', 'idList'])
      found.push(...idsIn((body as Record<string, unknown>)[key]));
  // A create: the new thing's id from its answer.
  if (!found.length && result && typeof result === 'object')
    found.push(...(Array.isArray(result) ? idsIn(result) : idsIn((result as { id?: unknown }).id)));
  return [...new Set(found)];
}

/** The JSON body (already read and cached by the handler, or read here before a delete), or undefined. */
async function jsonBody(c: Context<ApiEnv>): Promise<unknown> {
  if (!c.req.header('content-type')?.toLowerCase().includes('json')) return undefined;
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}

/** The writes not yet stored (tests wait for them: auditSettled). */
const pending = new Set<Promise<void>>();

/** Keeps a log write that runs off the request path in view of auditSettled (and logs its failure). */
export function trackAudit(write: Promise<void>, path: string): void {
  const kept: Promise<void> = write
    .catch((err) => logger.error({ err, path }, 'audit log not written'))
    .finally(() => pending.delete(kept));
  pending.add(kept);
}

/** Resolves once every log write started so far has ended. */
export async function auditSettled(): Promise<void> {
  while (pending.size) await Promise.all(pending);
}

export const auditWrites = createMiddleware<ApiEnv>(async (c, next) => {
  const user = c.get('user');
  const hit = user && isAdmin(user) ? match(c.req.method, c.req.path) : null;
  if (!user || !hit) return next();
  const { spec, params } = hit;
  // The names as they were (one small query): a delete keeps them, a rename shows old → new.
  let before: { ids: number[]; labels: string[] } | undefined;
  if (spec.label) {
    const ids = idsOf(spec, params, await jsonBody(c));
    const labels = await readLabels(spec.label, ids).catch((err) => {
      logger.warn({ err }, 'audit labels not read');
      return [] as string[];
    });
    before = { ids, labels };
  }
  await next();
  if (c.res.status >= 400 || c.get('refused')) return;
  // The route that really answered (the table's pattern is only a guess made before routing).
  if (routePath(c, -1) !== hit.key.slice(hit.key.indexOf(' ') + 1)) return;
  const isJson = c.res.headers.get('content-type')?.includes('json');
  const answer = isJson ? c.res.clone() : undefined;
  const base = { userId: user.id, userName: user.nick_name, action: spec.action, thing: spec.thing };
  const where = { method: c.req.method, path: c.req.path, ip: clientIp(c) };
  const write = async () => {
    // After the answer has gone: the handler's turn is over before any of this runs.
    await new Promise((resolve) => setImmediate(resolve));
    const envelope = answer ? ((await answer.json()) as { code?: unknown; result?: unknown }) : undefined;
    if (envelope && envelope.code !== 0) return;
    const ids = before?.ids.length ? before.ids : idsOf(spec, params, await jsonBody(c), envelope?.result);
    const named =
      spec.resultLabel && (envelope?.result as Record<string, unknown> | undefined)?.[spec.resultLabel];
    let labels = typeof named === 'string' ? [named] : [];
    if (spec.label?.before) labels = before?.labels ?? [];
    else if (spec.label) {
      const now = await readLabels(spec.label, ids);
      const was = before?.labels ?? [];
      labels =
        was.length && was.join('、') !== now.join('、') ? [`${was.join('、')} → ${now.join('、')}`] : now;
    }
    await recordAudit({ ...base, ...where, ids, labels });
  };
  trackAudit(write(), where.path);
});
