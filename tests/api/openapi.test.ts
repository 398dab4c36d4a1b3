import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { validate } from '@scalar/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { ACCESS } from './access.ts';
import { API_ROUTES } from './fuzz-spec.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The API reference (api/docs.ts, http/openapi.ts): GET /api/openapi.json lists every route of the
 * /api app and of the site's /wapi app, validates as OpenAPI 3.1, says who may call each route as the
 * permission table does, and GET /api/docs is a page whose scripts come from this site.
 */

setupTestApi();

type Doc = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

/** Routes as Hono lists them ("METHOD /path"); ALL entries are middleware or the proxy's catch-all. */
const routeKeys = (app: { routes: { method: string; path: string }[] }) => [
  ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
];

/** "METHOD /path/:id" → the document's operation at "/path/{id}". */
function operationOf(doc: Doc, key: string): Operation | undefined {
  const [method, routePath] = key.split(' ');
  const item = doc.paths?.[routePath.replace(/:(\w+)/g, '{$1}')] as Record<string, Operation> | undefined;
  return item?.[method.toLowerCase()];
}

async function documentOf(app: ReturnType<typeof createApiApp>): Promise<Doc> {
  const res = await app.request('/api/openapi.json', {}, { ip: '127.0.0.1' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Doc;
}

const localMusic = createMusicApp({ apiUrl: undefined });
const proxyMusic = createMusicApp({ apiUrl: 'http://127.0.0.1:9' });
const api = createApiApp({ alsoDocumented: [localMusic] });
let doc: Doc;

beforeAll(async () => {
  doc = await documentOf(api);
});

describe('every route is in the document', () => {
  test('each /api route, with a summary and a feature tag', () => {
    const keys = routeKeys(api);
    // The docs' own routes are among them (and in the access and fuzz tables like any other).
    expect(keys).toContain('GET /api/openapi.json');
    const missing = keys.filter((key) => !operationOf(doc, key)?.summary);
    expect(missing).toEqual([]);
    const tags = new Set(doc.tags?.map((t) => t.name));
    const untagged = keys.filter((key) => !operationOf(doc, key)?.tags?.every((t) => tags.has(t)));
    expect(untagged).toEqual([]);
  });

  test('each /wapi route of the local music service', () => {
    const keys = routeKeys(localMusic);
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.filter((key) => !operationOf(doc, key)?.summary)).toEqual([]);
  });

  test('each /wapi call of the NeteaseCloudMusicApi proxy, and none the proxy does not have', async () => {
    const withProxy = await documentOf(createApiApp({ alsoDocumented: [proxyMusic] }));
    const keys = routeKeys(proxyMusic);
    expect(keys.filter((key) => !operationOf(withProxy, key)?.summary)).toEqual([]);
    // Audio streams are the local service's: in front of NeteaseCloudMusicApi they do not exist.
    expect(operationOf(withProxy, 'GET /wapi/stream/:id')).toBeUndefined();
    expect(operationOf(doc, 'GET /wapi/stream/:id')?.summary).toBeTruthy();
  });

  test('nothing but the routes: every operation of the document is a route of one of the apps', () => {
    const keys = new Set([...routeKeys(api), ...routeKeys(localMusic)]);
    const documented = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
      Object.keys(item ?? {}).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe('the document', () => {
  test('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('is in Chinese, with the envelope and the bearer token', () => {
    expect(doc.info.title).toBe('小站 API');
    expect(doc.components?.schemas?.Envelope).toMatchObject({
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, result: {} },
    });
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const summaries = routeKeys(api).map((key) => operationOf(doc, key)?.summary ?? '');
    expect(summaries.filter((s) => !/[\u4e00-\u9fff]/.test(s))).toEqual([]);
  });

  test('says who may call each route as the permission table does', () => {
    const wrong: string[] = [];
    for (const [key, access] of Object.entries(ACCESS)) {
      const op = operationOf(doc, key);
      const security = JSON.stringify(op?.security);
      const expected =
        access === 'public' ? JSON.stringify([{}, { bearerAuth: [] }]) : JSON.stringify([{ bearerAuth: [] }]);
      if (security !== expected) wrong.push(`${key} (${access}): ${security}`);
      const refusals = Object.keys(op?.responses ?? {}).filter((s) => s === '401' || s === '403');
      const expectedRefusals = { public: [], login: ['401'], admin: ['401', '403'] }[access];
      if (JSON.stringify(refusals) !== JSON.stringify(expectedRefusals)) wrong.push(`${key}: ${refusals}`);
    }
    expect(wrong).toEqual([]);
  });

  test("each route that takes a JSON body or a query has it from the route's zod schema", () => {
    const missing: string[] = [];
    for (const [key, spec] of Object.entries(API_ROUTES)) {
      const op = operationOf(doc, key);
      const content = (op?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
      if (spec.body && !content?.['application/json']?.schema) missing.push(`${key}: body`);
      if (spec.multipart && !content?.['multipart/form-data']?.schema) missing.push(`${key}: form`);
      const named = new Set(
        (op?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.map((p) => `${p.in} ${p.name}`),
      );
      for (const name of Object.keys(spec.query ?? {}))
        if (!named.has(`query ${name}`)) missing.push(`${key}: query ${name}`);
    }
    expect(missing).toEqual([]);
  });

  test('a body names its fields, their limits and which are required', () => {
    const register = operationOf(doc, 'POST /api/user/register') as Operation;
    const schema = (register.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']
      .schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required?.sort()).toEqual(['password', 'username']);
    expect(schema.properties?.username).toMatchObject({ type: 'string', maxLength: 100 });
    // Path parameters too: an article id is a positive integer.
    const byId = operationOf(doc, 'GET /api/article/getArticleById/:id');
    expect(byId?.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'integer' }),
      }),
    ]);
  });
});

describe('/api/docs', () => {
  const scalar = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
    'browser',
    'standalone.js',
  );

  test('is a page whose every script comes from this site', async () => {
    const res = await api.request('/api/docs', {}, { ip: '127.0.0.1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, inline] of scripts) {
      // No inline code (the Content-Security-Policy allows none), and no other origin.
      expect(inline.trim()).toBe('');
      const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1] ?? '';
      expect(src).toMatch(/^\/api\/docs\/[\w.-]+\.js\?v=[\w-]+$/);
    }
    expect(html).not.toMatch(/https?:\/\//);
    // The viewer is told to load its document from here, and none of Scalar's fonts.
    const config = JSON.parse(
      /data-configuration="([^"]*)"/.exec(html)?.[1].replaceAll('&quot;', '"') ?? '{}',
    );
    expect(config).toMatchObject({ url: '/api/openapi.json', withDefaultFonts: false });

    for (const [, attrs] of scripts) {
      const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1] ?? '';
      const js = await api.request(src, { headers: { 'accept-encoding': 'gzip' } }, { ip: '127.0.0.1' });
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(js.headers.get('cache-control')).toContain('immutable');
      expect(js.headers.get('content-encoding')).toBe('gzip');
      const body = gunzipSync(Buffer.from(await js.arrayBuffer()));
      if (src.startsWith('/api/docs/scalar.js')) expect(body.equals(readFileSync(scalar))).toBe(true);
      else expect(body.toString()).toContain('Scalar.createApiReference');
    }
  });

  test('anyone may read the document and the page (they describe a public contract)', async () => {
    for (const url of ['/api/openapi.json', '/api/docs']) {
      const res = await api.request(url, {}, { ip: '127.0.0.1' });
      expect(res.status).toBe(200);
    }
  });
});
