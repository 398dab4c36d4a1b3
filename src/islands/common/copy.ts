import { toast } from '../../stores/toast.ts';

/**
 * The copy helper's messages (docs/product.md#toasts). Long content is shortened in the toast only, never
 * in the clipboard.
 */
export const NOTHING_TO_COPY = '没有需要复制的目标内容';
export const copiedMessage = (text: string, max = 200): string =>
  `复制成功，剪贴板内容：${text.length > max ? `${text.slice(0, max)}…` : text}`;

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  document.body.append(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  area.remove();
  return done;
}

/** Copies text to the clipboard and says so; warns when there is nothing to copy. */
export async function copyText(text: string | null | undefined): Promise<boolean> {
  if (!text) {
    toast(NOTHING_TO_COPY, 'warning', '温馨提示');
    return false;
  }
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    // No clipboard API (insecure origin) or no permission: the old selection-based copy.
    done = legacyCopy(text);
  }
  if (done) toast(copiedMessage(text), 'success', '提示');
  else toast('复制失败，请手动复制', 'error', '错误提示');
  return done;
}
