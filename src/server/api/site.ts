import { Hono } from 'hono';
import { z } from 'zod';
import { blankAsAbsent, id, num } from '../../lib/contract/fields.ts';
import { checkEmail, EMAIL_INVALID } from '../../lib/email.ts';
import { REVIEW_MODES, RULE_ACTIONS } from '../../lib/review.ts';
import { keywordText } from '../../lib/seo.ts';
import { isSiteAddress, SITE_ADDRESS_MESSAGE } from '../../lib/site-profile.ts';
import { addressListError } from '../core/address-list.ts';
import { clientIp } from '../core/client-ip.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { reviewSettings } from '../services/review.ts';
import * as site from '../services/site.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

const text = (max: number, message?: string) => z.string().trim().max(max, message);
/**
 * Every address field of the config and the banners: empty, http(s) or a path of this site. The pages
 * already refuse to render anything else; this keeps `javascript:` and `data:` out of the database.
 */
const link = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isSiteAddress(v), SITE_ADDRESS_MESSAGE);

const ConfigPatch = z
  .object({
    blog_name: text(50),
    blog_avatar: link,
    avatar_bg: link,
    personal_say: text(200),
    blog_notice: text(2000),
    qq_link: link,
    we_chat_link: link,
    github_link: link,
    git_ee_link: link,
    bilibili_link: link,
    we_chat_group: link,
    qq_group: link,
    we_chat_pay: link,
    ali_pay: link,
    admin_url: link,
    // Shown as text, never as an address (e.g. 粤ICP备2026000000号-1).
    icp_number: text(50),
    // Every page's head (docs/owner-guide.md#seo); "" falls back to the blog's name and 个性签名.
    seo_title_suffix: text(50, '标题后缀不能超过 50 个字'),
    seo_keywords: text(200, '站点关键词不能超过 200 个字').transform(keywordText),
    seo_description: text(300, '站点描述不能超过 300 个字'),
    // The moderation queue (docs/owner-guide.md#评论审核); read back at GET /api/config/review.
    comment_review: z.enum(REVIEW_MODES, 'comment_review 只能是 off、first 或 all'),
    blocked_words: z.string().max(20000, '敏感词列表太长了'),
    blocked_words_action: z.enum(RULE_ACTIONS, '处理方式只能是 pending 或 spam'),
    max_links_per_comment: num(
      z
        .number()
        .int('链接数上限应为0-50的整数')
        .min(0, '链接数上限应为0-50的整数')
        .max(50, '链接数上限应为0-50的整数'),
    ),
    links_action: z.enum(RULE_ACTIONS, '处理方式只能是 pending 或 spam'),
    blocked_ips: z
      .string()
      .max(20000, '屏蔽地址列表太长了')
      .superRefine((v, ctx) => {
        const error = addressListError(v);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
    // The guest guard's switches (docs/owner-guide.md#访客与评论).
    guest_captcha: z.boolean('开关只能是 true 或 false'),
    ip_region: z.boolean('开关只能是 true 或 false'),
    ua_summary: z.boolean('开关只能是 true 或 false'),
    // Where the blogger's mails go (docs/owner-guide.md#邮件); empty: the first admin's address.
    owner_email: z
      .string()
      .trim()
      .max(100, '邮箱地址太长')
      .refine((v) => checkEmail(v) === '', EMAIL_INVALID),
  })
  .partial()
  .strip();

const PageHeaderInput = z.object({
  // The original admin app sends id "" (or 0 / null) for a new header: absent, so one is created.
  id: blankAsAbsent(id()),
  route_name: z.enum(site.ROUTE_NAMES, { error: '未知的路由名' }),
  bg_url: link.min(1, '请填写背景图地址'),
});
const IdBody = z.object({ id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  config: apiDoc({ summary: '博客信息' }),
  addView: apiDoc({
    summary: '记录一次访问',
    description: '每个访客每天计一次；回答当前的访问量 view_time。',
  }),
  update: apiDoc({ summary: '修改博客信息', access: 'admin', body: ConfigPatch }),
  review: apiDoc({
    summary: '评论审核设置',
    access: 'admin',
    description: '审核方式、敏感词、链接数上限与禁止的地址；不在公开的 /api/config 中。',
  }),
  statistic: apiDoc({ summary: '站点统计', description: '文章、标签、分类与用户的数量。' }),
  headers: apiDoc({ summary: '各页面的背景图' }),
  saveHeader: apiDoc({ summary: '新增或修改页面背景图', access: 'admin', body: PageHeaderInput }),
  deleteHeader: apiDoc({ summary: '删除页面背景图', access: 'admin', body: IdBody }),
};

export const siteRoutes = new Hono<ApiEnv>()
  .get('/config', doc.config, async (c) => ok(c, await site.getConfig()))
  // Answers the count, like the article's addView, so the page can show it past the page cache. Once
  // a day per visitor: the address (behind TRUST_PROXY the forwarded one) and the User-Agent.
  .put('/config/addView', doc.addView, async (c) =>
    ok(c, { view_time: await site.addView(clientIp(c), c.req.header('user-agent') ?? '') }),
  )
  .post('/config/update', doc.update, async (c) => {
    requireAdmin(c);
    await site.updateConfig(await body(c, ConfigPatch));
    return ok(c, null, '修改成功');
  })
  // The owner's moderation settings: not on GET /api/config, which every visitor reads.
  .get('/config/review', doc.review, async (c) => {
    requireAdmin(c);
    return ok(c, await reviewSettings());
  })
  .get('/statistic', doc.statistic, async (c) => ok(c, await site.getStatistic('every')))
  .get('/pageHeader/getAll', doc.headers, async (c) => ok(c, await site.listPageHeaders()))
  .post('/pageHeader/addOrUpdate', doc.saveHeader, async (c) => {
    requireAdmin(c);
    await site.savePageHeader(await body(c, PageHeaderInput));
    return ok(c, null, '保存成功');
  })
  .post('/pageHeader/delete', doc.deleteHeader, async (c) => {
    requireAdmin(c);
    const { id: headerId } = await body(c, IdBody);
    await site.deletePageHeader(headerId);
    return ok(c, null, '删除成功');
  });
