import { Hono } from 'hono';
import { z } from 'zod';
import { blankAsAbsent, id } from '../../lib/contract/fields.ts';
import { isSiteAddress, SITE_ADDRESS_MESSAGE } from '../../lib/site-profile.ts';
import { clientIp } from '../core/client-ip.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import * as site from '../services/site.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

const text = (max: number) => z.string().trim().max(max);
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
    // Where the blogger's mails go (docs/owner-guide.md#邮件); empty: the first admin's address.
    owner_email: z
      .string()
      .trim()
      .max(100, '邮箱地址太长')
      .refine((v) => v === '' || /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), '邮箱地址格式不正确'),
  })
  .partial()
  .strip();

const PageHeaderInput = z.object({
  // The original admin app sends id "" (or 0 / null) for a new header: absent, so one is created.
  id: blankAsAbsent(id()),
  route_name: z.enum(site.ROUTE_NAMES, { error: '未知的路由名' }),
  bg_url: link.min(1, '请填写背景图地址'),
});

export const siteRoutes = new Hono<ApiEnv>()
  .get('/config', async (c) => ok(c, await site.getConfig()))
  // Answers the count, like the article's addView, so the page can show it past the page cache. Once
  // a day per visitor: the address (behind TRUST_PROXY the forwarded one) and the User-Agent.
  .put('/config/addView', async (c) =>
    ok(c, { view_time: await site.addView(clientIp(c), c.req.header('user-agent') ?? '') }),
  )
  .post('/config/update', async (c) => {
    requireAdmin(c);
    await site.updateConfig(await body(c, ConfigPatch));
    return ok(c, null, '修改成功');
  })
  .get('/statistic', async (c) => ok(c, await site.getStatistic('every')))
  .get('/pageHeader/getAll', async (c) => ok(c, await site.listPageHeaders()))
  .post('/pageHeader/addOrUpdate', async (c) => {
    requireAdmin(c);
    await site.savePageHeader(await body(c, PageHeaderInput));
    return ok(c, null, '保存成功');
  })
  .post('/pageHeader/delete', async (c) => {
    requireAdmin(c);
    const { id: headerId } = await body(c, z.object({ id: id() }));
    await site.deletePageHeader(headerId);
    return ok(c, null, '删除成功');
  });
