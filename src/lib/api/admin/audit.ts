import type { z } from 'zod';
import type { AuditDictionary, AuditList, AuditRow } from '../../contract/admin-audit.ts';
import type { Page } from '../../contract/page.ts';
import { get, post } from '../client.ts';

/** The console's calls for the audit log (docs/api/admin.md#audit-log-backups-and-the-music-library). */

export type AuditFilter = z.input<typeof AuditList>;

export const listAudit = (filter: AuditFilter) => post<Page<AuditRow>>('/api/audit/getAuditList', filter);

export const auditDictionary = () => get<AuditDictionary>('/api/audit/getAuditDictionary');
