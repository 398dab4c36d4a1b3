import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import type { ApiEnv } from '../http/context.ts';
import { apiDoc, openApiDocument } from '../http/openapi.ts';
import { type Encoding, Encodings, encodingFor } from '../page-compress.ts';
import { docsPage } from './docs-page.ts';

/**
 * The API reference, public like the contract it describes (the original's clients and their calls
 * are public anyway): GET /api/openapi.json is the OpenAPI 3.1 document that hono-openapi makes from
 * the routes (http/openapi.ts), GET /api/docs the same document as a page of ours, drawn on the
 * server (docs-page.ts): nothing to fetch from elsewhere, and nothing for a visitor's page to load.
 */

/** The reference's features, by the first segment(s) of the path; the longest prefix wins. */
const TAGS: [prefix: string, name: string, description: string][] = [
  ['/api/config', '站点设置', '博客信息、访问量与统计'],
  ['/api/statistic', '站点设置', ''],
  ['/api/pageHeader', '站点设置', ''],
  ['/api/user', '用户', '注册、登录、个人资料与账号管理'],
  ['/api/user/2fa', '两步验证', '为账号开启或关闭两步验证（TOTP）'],
  ['/api/upload', '上传', '图片与音乐文件上传（multipart/form-data）'],
  ['/api/media', '媒体库', '后台媒体库：上传的图片、使用之处与删除'],
  ['/api/todo', '待办', '个人中心的待办事项'],
  ['/api/article', '文章', '文章的列表、阅读、搜索与撰写'],
  ['/api/category', '分类', '文章分类'],
  ['/api/tag', '标签', '文章标签'],
  ['/api/talk', '说说', '短动态'],
  ['/api/photoAlbum', '相册', '相册与照片'],
  ['/api/photo', '相册', ''],
  ['/api/links', '友链', '友情链接的申请、审核与健康检查'],
  ['/api/message', '留言板', '留言与弹幕'],
  ['/api/altcha', '留言板', ''],
  ['/api/comment', '评论', '文章、说说与留言的评论'],
  ['/api/like', '点赞', '文章、说说、留言与评论的点赞'],
  ['/api/bangumi', '番剧', '追番列表'],
  ['/api/resources', '资源导航', '资源导航的分类与条目'],
  ['/api/site', '网站导航', '网站导航的分类与条目'],
  ['/api/chat', '聊天室', '聊天室的历史消息与在线管理（实时消息走 WebSocket /ws）'],
  ['/api/notify', '通知', '站内通知'],
  ['/api/mail', '邮件', '回复提醒邮件：退订、个人的开关，后台的状态、测试邮件与失败重试'],
  ['/api/music', '音乐', '音乐账号扫码登录与本地曲库管理'],
  ['/api/dashboard', '仪表盘', '后台概览与趋势'],
  ['/api/audit', '审计日志', '后台操作与安全事件的记录'],
  ['/api/backup', '备份', '数据库备份下载'],
  ['/api/import', '导入与导出', '从 WordPress、Markdown、原项目数据库或全站归档导入，下载全站归档'],
  ['/api/openapi.json', 'API 文档', '本文档与它的浏览页'],
  ['/api/docs', 'API 文档', ''],
  ['/wapi', '音乐服务 /wapi', 'NeteaseCloudMusicApi 接口（本地曲库或转发），回答不用信封'],
];

const tagOf = (routePath: string) =>
  TAGS.filter(([prefix]) => routePath === prefix || routePath.startsWith(`${prefix}/`)).sort(
    (a, b) => b[0].length - a[0].length,
  )[0]?.[1];

/** Each feature once, in the table's order, with the description its first row gives. */
const TAG_LIST = [...new Set(TAGS.map(([, name]) => name))].map((name) => {
  const description = TAGS.find(([, n, d]) => n === name && d)?.[2];
  return description ? { name, description } : { name };
});

const DESCRIPTION = `小站的 HTTP 接口：/api 是博客本身，/wapi 是音乐服务（NeteaseCloudMusicApi 的接口）。本文档由服务端的路由与其 zod 校验规则生成。

- **信封**：/api 的 JSON 回答都是 \`{code, message, result}\`。code 0 为成功；被拒绝的请求（参数错误、业务规则）HTTP 状态仍为 200、code 为 100，原因写在 message 里；其他失败的 code 与 HTTP 状态相同（401 未登录、403 权限不足、404 接口不存在、413 请求体过大、415 请求体不是 JSON、429 太频繁，带 Retry-After）。
- **登录**：POST /api/user/login 得到 token，之后放在请求头 \`Authorization: Bearer <token>\` 里。
- **写请求**：请求体为 JSON（上传为 multipart/form-data）；带 \`Idempotency-Key\` 头的写请求重发时得到第一次的回答。
- **时间**：回答里的时间都是中国时间 \`YYYY-MM-DD HH:mm:ss\`。
- **聊天室**实时消息走同一主机的 WebSocket \`/ws\`，不在本文档中。`;

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * A body answered whole from memory, compressed once per encoding when first asked for. Each body
 * is copied once into bytes of its own: a small Buffer is a view of Node's shared pool.
 */
type Served = { raw: Bytes; encodings: Encodings<Bytes> };

const served = (text: string): Served => {
  const raw = Buffer.from(text);
  return {
    raw: new Uint8Array(raw),
    encodings: new Encodings(
      raw,
      (body) => new Uint8Array(body),
      () => {},
    ),
  };
};

async function sendServed(c: Context<ApiEnv>, file: Served, type: string) {
  c.header('Content-Type', type);
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Vary', 'Accept-Encoding');
  const encoding: Encoding | undefined = encodingFor(c.req.header('accept-encoding'));
  if (!encoding) return c.body(file.raw);
  c.header('Content-Encoding', encoding);
  return c.body(await file.encodings.fill(encoding));
}

export type DocsOptions = {
  /** The apps the document describes (this /api app, and the site's /wapi when given). */
  apps: () => Hono<ApiEnv>[];
};

/** GET /api/openapi.json and /api/docs. */
export function docsRoutes(opts: DocsOptions) {
  // Made once, on the first ask: the routes do not change while the process runs.
  let reference: Promise<{ json: Served; page: Served }> | undefined;
  const make = async () => {
    const doc = await openApiDocument(opts.apps(), {
      info: { title: '小站 API', version, description: DESCRIPTION },
      tags: TAG_LIST,
      tagOf,
    });
    return { json: served(JSON.stringify(doc)), page: served(docsPage(doc)) };
  };
  const made = () => {
    reference ??= make().catch((err) => {
      reference = undefined;
      throw err;
    });
    return reference;
  };
  return new Hono<ApiEnv>()
    .get(
      '/openapi.json',
      apiDoc({
        summary: 'OpenAPI 文档',
        description: '本文档（OpenAPI 3.1，JSON），由路由与其校验规则生成。',
        raw: { type: 'application/json', description: 'OpenAPI 3.1 文档' },
      }),
      async (c) => sendServed(c, (await made()).json, 'application/json; charset=utf-8'),
    )
    .get(
      '/docs',
      apiDoc({
        summary: 'API 文档浏览页',
        description: '本文档的网页版：按功能分组，每个接口的权限、参数、请求体与回答。',
        raw: { type: 'text/html', description: '浏览本文档的网页' },
      }),
      async (c) => sendServed(c, (await made()).page, 'text/html; charset=utf-8'),
    );
}
