import type { ImportReport } from '../../contract/admin-import.ts';
import { apiHooks, HttpError, post } from '../client.ts';
import { showHttpError } from '../errors.ts';
import { downloadAttachment } from './backup.ts';
import { uploadFileWithProgress } from './upload.ts';

/** The console's 导入与导出 (docs/api/admin.md#audit-log-backups-and-the-music-library). */

export type Prepared = { token: string; report: ImportReport };

/** Sends a file for its dry run (a progress bar while it uploads). */
export const prepareFile = (file: File, onProgress: (fraction: number) => void) =>
  uploadFileWithProgress<Prepared>('/api/upload/import', file, {}, onProgress);

/** The dry run of the original project's database, by its mysql:// address (no file: a form field). */
export async function prepareMysql(url: string): Promise<Prepared> {
  const token = apiHooks()?.token();
  const form = new FormData();
  form.append('source', url);
  const res = await fetch('/api/upload/import', {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const data = (await res.json().catch(() => ({}))) as { code?: number; message?: string; result?: Prepared };
  if (res.ok && data.code === 0 && data.result) return data.result;
  const message = data.message || '试运行失败';
  if (!showHttpError(res.status, message)) apiHooks()?.toast(message, 'error', '错误提示');
  throw new HttpError(message, res.status, data.code ?? 0, true);
}

export const runImport = (token: string) => post<ImportReport>('/api/import/run', { token });

export const downloadArchive = () =>
  downloadAttachment('/api/import/archive', 'blog-site.tar.gz', '归档下载失败');
