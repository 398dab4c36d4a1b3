import type { AuditDictionary, AuditRow } from '../../contract/admin-audit.ts';
import type { Page } from '../../contract/page.ts';
import { get, post } from '../client.ts';

/** The console's calls for the audit log (README "Owner API"). */

export type AuditFilter = {
  current: number;
  size: number;
  /** 管理操作, 登录失败, 两步验证, 越权访问… (the dictionary's kinds). */
  kind?: string;
  user_id?: number;
  action?: string;
  thing_type?: string;
  text?: string;
  /** `[start, end]` China days, end included. */
  time?: [string, string];
};

export const listAudit = (filter: AuditFilter) => post<Page<AuditRow>>('/api/audit/getAuditList', filter);

export const auditDictionary = () => get<AuditDictionary>('/api/audit/getAuditDictionary');
