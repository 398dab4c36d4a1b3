import { z } from 'zod';
import { choiceFilter, id, pageFields, textFilter, timeFilter } from './fields.ts';

/** One row of the audit log (POST /api/audit/getAuditList): who did what to which thing, when, from where. */
export type AuditRow = {
  id: number;
  /** 管理操作 (an admin write), 登录失败, 两步验证, 越权访问…. */
  kind: string;
  /** Who did it; 0 when nobody was signed in. */
  user_id: number;
  /** Their nick name then ("" for nobody). */
  user_name: string;
  /** The Chinese action name (删除标签…). */
  action: string;
  /** The kind of thing (标签, 说说…). */
  thing_type: string;
  /** The things' ids, comma-separated ("" when none). */
  thing_id: string;
  /** Their names; for a delete, read before it ran. */
  label: string;
  method: string;
  path: string;
  ip: string;
  createdAt: string;
};

/** The filter choices of the log (GET /api/audit/getAuditDictionary). */
export type AuditDictionary = {
  /** The kinds of rows (类型): the known ones and any the log holds. */
  kinds: string[];
  actions: string[];
  things: string[];
  users: { id: number; nick_name: string }[];
};

/**
 * POST /api/audit/getAuditList: kind 管理操作, 登录失败, 两步验证, 越权访问… (the dictionary's kinds);
 * action a part of the action's name; time `[start, end]` China days, end included.
 */
export const AuditList = z.object({
  ...pageFields,
  user_id: choiceFilter(id()),
  kind: textFilter(20),
  action: textFilter(20),
  thing_type: textFilter(20),
  text: textFilter(100),
  time: timeFilter,
});
