import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/lib/contract/admin-import.ts';
import { perKind, reportLines } from '../../src/lib/import-report.ts';

const report = (over: Partial<ImportReport>): ImportReport => ({
  format: 'markdown',
  formatName: 'Markdown',
  dryRun: false,
  notes: [],
  created: {},
  toCreate: [],
  updated: {},
  already: {},
  skipped: [],
  failed: [],
  ms: 1200,
  ...over,
});

describe('an import report per kind', () => {
  it('counts created, updated, already, skipped and failed for each kind', () => {
    const r = report({
      created: { article: 3, comment: 5 },
      updated: { article: 1 },
      already: { tag: 2 },
      skipped: [{ kind: 'article', label: '《a》', where: 'content/_index.md', reason: '栏目页' }],
      failed: [
        {
          kind: 'comment',
          label: '甲 的评论',
          where: 'waline.json（评论 x）',
          reason: '找不到页面 /a 对应的文章',
        },
        { kind: 'comment', label: '乙 的评论', where: 'waline.json（评论 y）', reason: '回复的评论没有导入' },
      ],
    });
    expect(perKind(r)).toEqual([
      { kind: 'article', name: '文章', created: 3, updated: 1, already: 0, skipped: 1, failed: 0 },
      { kind: 'comment', name: '评论', created: 5, updated: 0, already: 0, skipped: 0, failed: 2 },
      { kind: 'tag', name: '标签', created: 0, updated: 0, already: 2, skipped: 0, failed: 0 },
    ]);
    const lines = reportLines(r);
    expect(lines).toContain('  文章：新建 3，更新 1，已导入过 0，不导入 1，失败 0');
    expect(lines).toContain('  评论：新建 5，已导入过 0，不导入 0，失败 2');
    expect(reportLines({ ...r, dryRun: true })).toContain('  评论：将新建 5，已导入过 0，不导入 0，有错误 2');
  });
});
