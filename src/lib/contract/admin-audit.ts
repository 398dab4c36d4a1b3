/** One row of the audit log (POST /api/audit/getAuditList): who did what to which thing, when, from where. */
export type AuditRow = {
  id: number;
  user_id: number;
  /** The admin's nick name when they wrote. */
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
  actions: string[];
  things: string[];
  users: { id: number; nick_name: string }[];
};
