import type { DataSizes } from '../../contract/admin-backup.ts';
import { apiHooks, get, HttpError } from '../client.ts';
import { showHttpError } from '../errors.ts';

/** The console's calls for backups (docs/api/admin.md#audit-log-backups-and-the-music-library). */

export const dataSize = () => get<DataSizes>('/api/backup/getDataSize');

/**
 * A file the server hands out to the admin (the database backup, the whole-site archive): the download
 * needs the session's token, which a plain link cannot send, so it is fetched and handed to the page
 * as a Blob with the server's dated name.
 */
export async function downloadAttachment(
  url: string,
  fallback: string,
  failed: string,
): Promise<{ blob: Blob; name: string }> {
  const token = apiHooks()?.token();
  const res = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  if (!res.ok || !res.headers.get('content-disposition')) {
    let message = '';
    try {
      message = String(((await res.json()) as { message?: unknown }).message ?? '');
    } catch {
      /* not JSON */
    }
    const shown = showHttpError(res.status, message);
    if (!shown) apiHooks()?.toast(message || failed, 'error', '错误提示');
    throw new HttpError(message || failed, res.status, 0, true);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  return { blob: await res.blob(), name };
}

export const downloadBackup = () =>
  downloadAttachment('/api/backup/download', 'blog-backup.db', '备份下载失败');
