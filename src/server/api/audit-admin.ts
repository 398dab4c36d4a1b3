import { Hono } from 'hono';
import { AuditList } from '../../lib/contract/admin-audit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { auditKinds, auditUsers, listAudit } from '../services/audit.ts';
import { AUDIT_ACTIONS, AUDIT_EVENTS, AUDIT_KINDS } from './audit-actions.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

const unique = (values: string[]) => [...new Set(values)];

/** The audit log (/admin/audit), admin-only. */
const doc = {
  list: apiDoc({ summary: '审计日志', access: 'admin', body: AuditList }),
  dictionary: apiDoc({
    summary: '审计日志的筛选项',
    access: 'admin',
    description: '类型、动作、对象与操作人。',
  }),
};

export const auditAdminRoutes = new Hono<ApiEnv>()
  .post('/audit/getAuditList', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await listAudit(await body(c, AuditList)));
  })
  .get('/audit/getAuditDictionary', doc.dictionary, async (c) => {
    requireAdmin(c);
    // The known kinds first, then any other the log holds (an event added later, a row of a newer
    // version of the blog): the 类型 filter offers every kind that can be found. Actions are typed
    // (part of a name), so the table's are only suggestions.
    const specs = [...Object.values(AUDIT_ACTIONS), ...Object.values(AUDIT_EVENTS)];
    return ok(c, {
      kinds: unique([...AUDIT_KINDS, ...(await auditKinds())]),
      actions: unique(specs.map((s) => s.action)),
      things: unique(specs.map((s) => s.thing)),
      users: await auditUsers(),
    });
  });
