/** The data folder's sizes in bytes (GET /api/backup/getDataSize). */
export type DataSizes = {
  dialect: 'sqlite' | 'postgres';
  /** The SQLite file with its WAL (0 on PostgreSQL, whose data lives in its own server). */
  database: number;
  uploads: number;
  music: number;
  /** Everything under DATA_DIR, plus UPLOADS_DIR and MUSIC_DIR when they are elsewhere. */
  total: number;
  measuredAt: string;
  /** On PostgreSQL: how to back up with pg_dump (the download is refused there); else null. */
  pgDump?: string | null;
};
