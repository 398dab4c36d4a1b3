import { CHAT_TEXTS } from '../../lib/chat.ts';
import { HttpError, http } from '../../lib/http.ts';
import { compressImage, needsCompression } from '../../lib/image-compress.ts';
import { toast } from '../../stores/toast.ts';

/**
 * One picture to `POST /api/upload/img` (API.md: multipart field `file` → `{ url }`), compressed
 * first when over 800 KB (SPEC §5). Resolves with the URL, or null after telling the user why.
 */
export async function uploadChatImage(file: File): Promise<string | null> {
  let upload = file;
  if (needsCompression(file)) {
    try {
      upload = await compressImage(file);
    } catch {
      toast(CHAT_TEXTS.uploadFailed, 'error', '错误提示');
      return null;
    }
  }
  const form = new FormData();
  form.append('file', upload, upload.name);
  try {
    const result = await http.post<{ url: string }>('/api/upload/img', form);
    if (typeof result?.url !== 'string') throw new Error('no url');
    return result.url;
  } catch (err) {
    // The HTTP client already explained handled failures (401, 429, code 100…).
    if (!(err instanceof HttpError && err.shown)) toast(CHAT_TEXTS.uploadFailed, 'error', '错误提示');
    return null;
  }
}
