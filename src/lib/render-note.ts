/**
 * The admin's note above an article body shown as escaped plain text, because its render ran past
 * the time budget or killed its thread (server/services/render-pool.ts). The article page keeps it
 * hidden in its shared HTML and shows it to a signed-in admin; the admin's own answers (the console's
 * preview, adminPreview) lead with it.
 */
const NOTES = {
  article: {
    timeout: '这篇文章的正文渲染超时，已按纯文本显示；请检查 Markdown 语法后重新保存。',
    crashed: '这篇文章的正文渲染失败，已按纯文本显示；请检查 Markdown 语法后重新保存。',
  },
  preview: {
    timeout: '预览渲染超时，已按纯文本显示；请检查 Markdown 语法。',
    crashed: '预览渲染失败，已按纯文本显示；请检查 Markdown 语法。',
  },
} as const;

/** The note for why a body is plain text; null for a body rendered as usual (or answered at a stop). */
export function renderNote(plain: string | undefined, where: keyof typeof NOTES = 'article'): string | null {
  return plain === 'timeout' || plain === 'crashed' ? NOTES[where][plain] : null;
}
