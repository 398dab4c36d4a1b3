import { describe, expect, it } from 'vitest';
import { renderNote } from '../../src/lib/render-note.ts';

/** The admin's note above a body shown as plain text (docs/decisions/0005-render-pool-and-budget.md). */
describe('renderNote', () => {
  it('says why an article or a preview is plain text', () => {
    expect(renderNote('timeout')).toBe(
      '这篇文章的正文渲染超时，已按纯文本显示；请检查 Markdown 语法后重新保存。',
    );
    expect(renderNote('crashed')).toBe(
      '这篇文章的正文渲染失败，已按纯文本显示；请检查 Markdown 语法后重新保存。',
    );
    expect(renderNote('timeout', 'preview')).toBe('预览渲染超时，已按纯文本显示；请检查 Markdown 语法。');
  });

  it('has nothing to say about a body rendered as usual or answered at a stop', () => {
    expect(renderNote(undefined)).toBeNull();
    expect(renderNote('stopped')).toBeNull();
  });
});
