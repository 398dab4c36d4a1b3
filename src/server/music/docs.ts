import type { Hono } from 'hono';
import { type DescribeRouteOptions, describeRoute } from 'hono-openapi';
import type { ApiEnv } from '../http/context.ts';
import { MUSIC_SESSION, WAPI_ANSWER } from '../http/openapi.ts';

/**
 * The /wapi routes in the API reference (http/openapi.ts). Their handlers read plain query strings
 * the NeteaseCloudMusicApi way (respond.ts `param`, `idList`), with no zod schema to derive
 * parameters from, so they are listed here: one entry per call of the local service and the proxy
 * (tests/api/openapi.test.ts checks that every route of either has one).
 */

type Query = [name: string, description: string, required?: boolean];

type WapiDoc = {
  summary: string;
  description?: string;
  query?: Query[];
  /** The call needs a music session (the cookie of the QR login). */
  session?: boolean;
  /** What a success is, when not NeteaseCloudMusicApi's JSON: audio or artwork. */
  media?: 'audio/*' | 'image/*';
};

const ID: Query = ['id', '歌曲 id', true];
const PAGE: Query[] = [
  ['limit', '条数'],
  ['offset', '跳过的条数'],
];
const KEY: Query = ['key', '二维码 key（login/qr/key 的 unikey）', true];
const UID: Query = ['uid', '用户 id（音乐账号即本站用户）', true];

/** "METHOD /path" relative to /wapi → its description. */
const WAPI_DOCS: Record<string, WapiDoc> = {
  'GET /toplist/detail': { summary: '歌单列表', description: '本地曲库里每个文件夹是一个歌单。' },
  'GET /playlist/track/all': {
    summary: '歌单里的歌曲',
    query: [['id', '歌单 id', true], ...PAGE],
  },
  'GET /song/detail': { summary: '歌曲详情', query: [['ids', '歌曲 id，逗号分隔', true]] },
  'GET /song/url/v1': {
    summary: '歌曲播放地址',
    description: '不能播放的歌曲 url 为 null。',
    query: [
      ['id', '歌曲 id，逗号分隔', true],
      ['level', '音质（standard、exhigh …）'],
    ],
  },
  'GET /search': {
    summary: '搜索歌曲',
    query: [['keywords', '关键词', true], ...PAGE, ['type', '类型，1 为单曲']],
  },
  'GET /lyric': { summary: '歌词', description: '纯音乐答 `nolyric: true`。', query: [ID] },
  'GET /stream/:id': { summary: '歌曲音频', description: '支持 Range 请求。', media: 'audio/*' },
  'HEAD /stream/:id': { summary: '歌曲音频（只取头部）', media: 'audio/*' },
  'GET /cover/song/:id': { summary: '歌曲封面', media: 'image/*' },
  'GET /cover/playlist/:id': { summary: '歌单封面', media: 'image/*' },
  'GET /login/qr/key': { summary: '扫码登录：取二维码 key' },
  'GET /login/qr/create': {
    summary: '扫码登录：生成二维码',
    query: [KEY, ['qrimg', '为 true 时同时给出二维码图片（data URL）']],
  },
  'GET /login/qr/check': {
    summary: '扫码登录：查询状态',
    description: 'code 800 过期、801 等待扫码、802 已扫码待确认、803 登录成功（设置音乐会话 Cookie）。',
    query: [KEY, ['timestamp', '防缓存的时间戳']],
  },
  'GET /login/status': { summary: '音乐账号登录状态', session: true },
  'GET /user/playlist': { summary: '用户的歌单', query: [UID, ...PAGE] },
  'POST /like': {
    summary: '收藏或取消收藏歌曲',
    description: '收藏到当前音乐账号的歌单；需要扫码登录后的音乐会话。',
    query: [ID, ['like', '为 false 时取消收藏']],
    session: true,
  },
  'GET /likelist': { summary: '收藏的歌曲 id', query: [UID] },
  'GET /logout': { summary: '退出音乐账号', session: true },
};

function operation(d: WapiDoc): DescribeRouteOptions {
  const ok = d.media
    ? { description: d.media === 'audio/*' ? '音频' : '图片', content: { [d.media]: {} } }
    : {
        description: 'code 200 为成功（扫码状态为 800–803）',
        content: { 'application/json': { schema: WAPI_ANSWER } },
      };
  return {
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    ...(d.query
      ? {
          parameters: d.query.map(([name, description, required]) => ({
            name,
            in: 'query' as const,
            description,
            required: Boolean(required),
            schema: { type: 'string' as const },
          })),
        }
      : {}),
    ...(d.session ? { security: [{ [MUSIC_SESSION]: [] }] } : {}),
    responses: {
      200: ok,
      default: {
        description: '失败：code 与 HTTP 状态相同，message 为中文说明',
        content: { 'application/json': { schema: WAPI_ANSWER } },
      },
    },
  };
}

/**
 * Puts each route's description in front of it on `app`: a describeRoute middleware for the same
 * method and path (it only passes the request on), for the routes `routes` really has.
 */
export function describeWapi(app: Hono<ApiEnv>, routes: Hono<ApiEnv>): void {
  const seen = new Set<string>();
  for (const { method, path } of routes.routes) {
    const key = `${method} ${path}`;
    const doc = WAPI_DOCS[key];
    if (!doc || seen.has(key)) continue;
    seen.add(key);
    app.on(method, path, describeRoute(operation(doc)));
  }
}
