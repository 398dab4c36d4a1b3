import { gunzipSync } from 'node:zlib';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, test } from 'vitest';
import { ACCESS_LABELS, accessOf, operationsByTag } from '../../src/lib/api-reference.ts';
import { THEME_BOOTSTRAP } from '../../src/lib/theme-bootstrap.ts';
import { createApiApp } from '../../src/server/api/app.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { ACCESS } from './access.ts';
import { API_ROUTES } from './fuzz-spec.ts';
import { setupTestApi } from './helpers.ts';

/**
 * The API reference (api/docs.ts, http/openapi.ts): GET /api/openapi.json lists every route of the
 * /api app and of the site's /wapi app, validates as OpenAPI 3.1, says who may call each route as the
 * permission table does, and GET /api/docs shows all of it on one page drawn on the server.
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
    const result = await validate(structuredClone(doc));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
  });

  test('the validator refuses what a wrong route description would make', async () => {
    const refusal = async (key: string, change: (op: Operation) => void) => {
      const broken = structuredClone(doc);
      change(operationOf(broken, key) as Operation);
      const result = await validate(broken);
      return result.valid ? '' : compileErrors(result);
    };
    // A path parameter the route does not describe.
    expect(
      await refusal('GET /api/article/getArticleById/:id', (op) => {
        op.parameters = [];
      }),
    ).toMatch(/missing path parameter/);
    // A schema named but not in the document.
    expect(
      await refusal('GET /api/config', (op) => {
        const ok = op.responses?.['200'] as OpenAPIV3_1.ResponseObject;
        (ok.content as Record<string, OpenAPIV3_1.MediaTypeObject>)['application/json'].schema = {
          $ref: '#/components/schemas/Missing',
        };
      }),
    ).toMatch(/Missing \$ref pointer/);
    // A field of the wrong kind.
    expect(
      await refusal('GET /api/config', (op) => {
        (op as Record<string, unknown>).summary = 5;
      }),
    ).toMatch(/summary/);
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
  let html: string;
  beforeAll(async () => {
    const res = await api.request('/api/docs', {}, { ip: '127.0.0.1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    html = await res.text();
  });

  /** The HTML of one operation's section, by its anchor. */
  const sectionOf = (operationId: string | undefined) => {
    const start = html.indexOf(`<section class="op" id="op-${operationId}">`);
    return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start));
  };

  test('is a page in Chinese with no script but the theme bootstrap, and nothing from elsewhere', () => {
    expect(html).toContain('<html lang="zh-CN">');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // The one inline script the Content-Security-Policy allows by its hash; nothing to fetch.
    expect(scripts.map(([, attrs, inline]) => [attrs, inline])).toEqual([['', THEME_BOOTSTRAP]]);
    expect(html).not.toMatch(/<(link|img|iframe)\b|\bsrc=/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  test('shows every operation of the document, by feature in the order of its tags', () => {
    const groups = operationsByTag(doc);
    expect(groups.map((g) => g.name)).toEqual(doc.tags?.map((t) => t.name));
    const headings = [...html.matchAll(/<h2 id="tag-\d+-title">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(groups.map((g) => g.name.replaceAll('&', '&amp;')));
    const missing: string[] = [];
    for (const { method, path, operation } of groups.flatMap((g) => g.operations)) {
      const section = sectionOf(operation.operationId);
      const endpoint = `<span class="method ${method.toLowerCase()}">${method}</span> <code>${path}</code>`;
      const access = ACCESS_LABELS[accessOf(operation)];
      if (
        !section.includes(`<h3>${operation.summary}</h3>`) ||
        !section.includes(endpoint) ||
        !section.includes(access)
      )
        missing.push(`${method} ${path}`);
    }
    expect(missing).toEqual([]);
    expect(html).toContain('<a href="/api/openapi.json">');
  });

  test("shows an operation's parameters, body fields with their limits, and answers", () => {
    const register = sectionOf(operationOf(doc, 'POST /api/user/register')?.operationId);
    expect(register).toMatch(
      /<code>username<\/code> <span class="req">必填<\/span><\/td><td>字符串 <span class="rules">[^<]*最多 100 字符/,
    );
    expect(register).toContain('<dt>200</dt>');
    const byId = sectionOf(operationOf(doc, 'GET /api/article/getArticleById/:id')?.operationId);
    expect(byId).toMatch(
      /<code>id<\/code> <span class="where">路径<\/span> <span class="req">必填<\/span><\/td><td>整数 <span class="rules">&gt; 0/,
    );
    // An admin route names its refusals, and the envelope links to its description.
    const update = sectionOf(operationOf(doc, 'POST /api/config/update')?.operationId);
    expect(update).toContain('仅管理员');
    expect(update).toContain('<dt>403</dt><dd><p>权限不足</p>');
    expect(update).toContain('<a href="#schema-Envelope"><code>Envelope</code></a>');
    expect(html).toContain('<section class="op" id="schema-Envelope">');
  });

  test('is compressed, and anyone may read it and the document (they describe a public contract)', async () => {
    const gz = await api.request(
      '/api/docs',
      { headers: { 'accept-encoding': 'gzip' } },
      { ip: '127.0.0.1' },
    );
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    for (const url of ['/api/openapi.json', '/api/docs']) {
      const res = await api.request(url, {}, { ip: '127.0.0.1' });
      expect(res.status).toBe(200);
    }
  });
});
