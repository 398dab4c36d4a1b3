import { z } from 'zod';
import { blankAsAbsent, id, loose, oneOf, pageFields, unset } from './fields.ts';

/** The admin app sends unset filters as 0, "" or null (tab 所有文章 is status 0): all mean no filter. */
const filter = blankAsAbsent;
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
/** [start, end] China days of a date-range picker, both included; [] or ["", ""] is no filter. */
const dayRange = loose<[string, string] | undefined>()(
  (v) => (Array.isArray(v) && v.every((d) => unset(d) === undefined) ? undefined : unset(v)),
  z
    .tuple([DAY, DAY], { error: 'create_time 应为 [开始日期, 结束日期]' })
    .refine(([from, to]) => from <= to, '开始日期不能晚于结束日期')
    .optional(),
);

/**
 * POST /api/article/getArticleList: the owner's article list. Absent status: public, private and
 * scheduled (4) (the draft and bin tab asks for 3); with status 3, is_deleted 1 is the bin only, 2 drafts only.
 */
export const ArticleList = z.object({
  ...pageFields,
  article_title: filter(z.string().trim().max(100, '标题过长')),
  is_top: filter(oneOf([1, 2], 'is_top ')),
  status: filter(oneOf([1, 2, 3, 4], 'status ')),
  tag_id: filter(id()),
  category_id: filter(id()),
  create_time: dayRange,
  is_deleted: filter(oneOf([1, 2], 'is_deleted ')),
});
