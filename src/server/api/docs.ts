import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { SCALAR_COPY, scalarBundleBeside } from '../build/vendor-scalar.mjs';
import type { ApiEnv } from '../http/context.ts';
import { apiDoc, openApiDocument } from '../http/openapi.ts';
import { type Encoding, Encodings, encodingFor } from '../page-compress.ts';
import { query } from './validate.ts';

/**
 * The API reference, public like the contract it describes (the original's clients and their calls
 * are public anyway): GET /api/openapi.json is the OpenAPI 3.1 document that hono-openapi makes from
 * the routes (http/openapi.ts), GET /api/docs shows it with Scalar's viewer. The viewer's bundle is
 * served through this app (no CDN: the site may have no way out, and a visitor's
 * browser asks nobody else), and only this page loads it.
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

/**
 * Scalar's standalone browser bundle: the installed package's where it is installed, else the copy
 * the build made (build/vendor-scalar.mjs) — a production install leaves out the package and its
 * 180 MB of dependencies.
 */
export function scalarBundlePath(resolve: (specifier: string) => string = import.meta.resolve): string {
  try {
    return scalarBundleBeside(resolve('@scalar/api-reference'));
  } catch {
    return fileURLToPath(new URL(`../../../dist/${SCALAR_COPY}`, import.meta.url));
  }
}

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * A file answered whole from memory, compressed once per encoding when first asked for. Each body
 * is copied once into bytes of its own: a small Buffer is a view of Node's shared pool.
 */
type Served = { raw: Bytes; tag: string; encodings: Encodings<Bytes> };

const served = (raw: Buffer): Served => ({
  raw: new Uint8Array(raw),
  tag: createHash('sha256').update(raw).digest('base64url').slice(0, 16),
  encodings: new Encodings(
    raw,
    (body) => new Uint8Array(body),
    () => {},
  ),
});

let bundle: Served | undefined;
const scalarBundle = () => {
  bundle ??= served(readFileSync(scalarBundlePath()));
  return bundle;
};

/**
 * The viewer's start, loaded before the bundle (no inline script for the CSP to allow): the bundle's
 * zod would first try `Function('')` to compile its parsers, a probe the CSP refuses (and reports);
 * zod's `jitless` setting, read from this global, makes it parse without one. Once the page is
 * parsed (the bundle has run), the viewer starts with the configuration the page carries.
 */
const INIT = served(
  Buffer.from(`globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('app');
  window.Scalar.createApiReference(el, JSON.parse(el.dataset.configuration));
});
`),
);

const YEAR = 'public, max-age=31536000, immutable';
/** The scripts' URLs carry their content's hash, so a new version is a new URL (cached a year). */
const VersionQuery = z.object({
  v: z.string().max(64, '版本号过长').optional().describe('内容的版本（页面给出，换版本即换地址）'),
});

async function sendServed(c: Context<ApiEnv>, file: Served, type: string, cache: string) {
  c.header('Content-Type', type);
  c.header('Cache-Control', cache);
  c.header('Vary', 'Accept-Encoding');
  const encoding: Encoding | undefined = encodingFor(c.req.header('accept-encoding'));
  if (!encoding) return c.body(file.raw);
  c.header('Content-Encoding', encoding);
  return c.body(await file.encodings.fill(encoding));
}

/** Scalar's settings: Chinese, our fonts (its default ones come from its CDN), nothing of its cloud. */
const viewerConfig = () => ({
  url: '/api/openapi.json',
  withDefaultFonts: false,
  localization: { locale: 'zh-CN' },
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  documentDownloadType: 'json',
  agent: { disabled: true },
  mcp: { disabled: true },
});

const escapeAttr = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function docsPage(): string {
  const v = (f: Served) => encodeURIComponent(f.tag);
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>小站 API 文档</title>
</head>
<body>
<noscript>API 文档需要 JavaScript；文档本身见 <a href="/api/openapi.json">/api/openapi.json</a>。</noscript>
<div id="app" data-configuration="${escapeAttr(JSON.stringify(viewerConfig()))}"></div>
<script src="/api/docs/init.js?v=${v(INIT)}"></script>
<script src="/api/docs/scalar.js?v=${v(scalarBundle())}"></script>
</body>
</html>
`;
}

export type DocsOptions = {
  /** The apps the document describes (this /api app, and the site's /wapi when given). */
  apps: () => Hono<ApiEnv>[];
};

/** GET /api/openapi.json, /api/docs and the viewer's two scripts. */
export function docsRoutes(opts: DocsOptions) {
  let reference: Promise<Served> | undefined;
  const make = async () => {
    const doc = await openApiDocument(opts.apps(), {
      info: { title: '小站 API', version, description: DESCRIPTION },
      tags: TAG_LIST,
      tagOf,
    });
    return served(Buffer.from(JSON.stringify(doc)));
  };
  return new Hono<ApiEnv>()
    .get(
      '/openapi.json',
      apiDoc({
        summary: 'OpenAPI 文档',
        description: '本文档（OpenAPI 3.1，JSON），由路由与其校验规则生成。',
        raw: { type: 'application/json', description: 'OpenAPI 3.1 文档' },
      }),
      async (c) => {
        // Made once, on the first ask: the routes do not change while the process runs.
        reference ??= make().catch((err) => {
          reference = undefined;
          throw err;
        });
        return sendServed(c, await reference, 'application/json; charset=utf-8', 'public, max-age=300');
      },
    )
    .get(
      '/docs',
      apiDoc({ summary: 'API 文档浏览页', raw: { type: 'text/html', description: '浏览本文档的网页' } }),
      (c) => {
        c.header('Cache-Control', 'no-cache');
        return c.html(docsPage());
      },
    )
    .get(
      '/docs/scalar.js',
      apiDoc({
        summary: '文档浏览器脚本',
        description: 'Scalar API Reference 的浏览器包，从本站提供；地址带版本，长期缓存。',
        query: VersionQuery,
        raw: { type: 'text/javascript', description: '脚本' },
      }),
      (c) => {
        query(c, VersionQuery);
        return sendServed(c, scalarBundle(), 'text/javascript; charset=utf-8', YEAR);
      },
    )
    .get(
      '/docs/init.js',
      apiDoc({
        summary: '文档浏览页的启动脚本',
        query: VersionQuery,
        raw: { type: 'text/javascript', description: '脚本' },
      }),
      (c) => {
        query(c, VersionQuery);
        return sendServed(c, INIT, 'text/javascript; charset=utf-8', YEAR);
      },
    );
}
