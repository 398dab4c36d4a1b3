/**
 * The name an uploaded import file is kept under (DATA_DIR/imports/<token>/<name>,
 * services/import/staging.ts): its last part only, with anything but letters, digits, `.`, `-` and
 * Chinese characters made `_`. A name that is nothing (`/`), only dots (`.`, `..`) or too long for a
 * file system (255 bytes: 80 characters of at most 3 bytes each) is refused with what to do.
 */

export const MAX_IMPORT_NAME_CHARS = 80;

export const IMPORT_NAME_INVALID = '文件名无效，请给文件改个名字再上传';
export const IMPORT_NAME_TOO_LONG = `文件名太长（最多 ${MAX_IMPORT_NAME_CHARS} 个字符），请改短后再上传`;

export function importFileName(sent: string): { name: string } | { error: string } {
  // Browsers of old sent the whole path, Windows' with backslashes.
  const last = sent.split(/[/\\]/).pop()?.trim() ?? '';
  if (/^\.*$/.test(last)) return { error: IMPORT_NAME_INVALID };
  if ([...last].length > MAX_IMPORT_NAME_CHARS) return { error: IMPORT_NAME_TOO_LONG };
  return { name: last.replace(/[^\w.\-\u4e00-\u9fff]/g, '_') };
}
