/**
 * What the blogger reads about a body that is not shown as its rendered HTML (server/services/
 * articles/rendering.ts): the admin's note above it (the article page keeps it hidden in its shared
 * HTML and shows it to a signed-in admin; the admin's own answers, the console's preview and
 * adminPreview, lead with it), and the refusal of a save whose body the renderer cannot finish.
 */
const NOTES = {
  article: {
    timeout: '这篇文章的正文渲染超时，已按纯文本显示；请检查 Markdown 语法后重新保存。',
    crashed: '这篇文章的正文渲染失败，已按纯文本显示；请检查 Markdown 语法后重新保存。',
    consent: '这篇文章的正文按你的选择以纯文本显示；修正 Markdown 后重新保存即可恢复排版。',
    pending: '这篇文章的正文还没有渲染，暂按纯文本显示；渲染完成后自动恢复排版。',
  },
  preview: {
    timeout: '预览渲染超时，已按纯文本显示；请检查 Markdown 语法。',
    crashed: '预览渲染失败，已按纯文本显示；请检查 Markdown 语法。',
  },
} as const;

type Where = keyof typeof NOTES;

/** The note for why a body is plain text; null for a body rendered as usual (or answered at a stop). */
export function renderNote(plain: string | undefined, where: Where = 'article'): string | null {
  const notes: Record<string, string> = NOTES[where];
  return plain && plain in notes ? notes[plain] : null;
}

/** Every refusal of a save for its body starts so: the editor offers 以纯文本保存 after it. */
export const RENDER_REFUSAL = '正文渲染';

/** Whether a save's refusal is about its body (the editor then offers to save it as plain text). */
export const isRenderRefusal = (message: string | undefined): boolean =>
  Boolean(message?.startsWith(RENDER_REFUSAL));

/**
 * The refusal of a save whose body the renderer could not finish within `budgetMs`: where the slow
 * part starts (render-locate.ts found the block under way at the deadline), or that it could not say.
 * `crashed`: the render thread died (memory, most likely) instead.
 */
export function renderRefusal(
  budgetMs: number,
  at: { line: number; chars: number } | null,
  crashed = false,
): string {
  const seconds = Math.round(budgetMs / 100) / 10;
  const head = crashed ? `${RENDER_REFUSAL}失败，未保存` : `${RENDER_REFUSAL}超过 ${seconds} 秒，未保存`;
  const where = at
    ? `：第 ${at.line} 行起的一段（约 ${at.chars.toLocaleString('en')} 字）渲染过慢，请检查这里的 Markdown`
    : '：未能定位到具体的段落，请检查正文的 Markdown';
  return `${head}${where}；也可以选择以纯文本显示后保存。`;
}
