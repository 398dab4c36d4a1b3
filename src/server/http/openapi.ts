import type { Hono } from 'hono';
import { type DescribeRouteOptions, describeRoute, generateSpecs, resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { ApiEnv } from './context.ts';

/**
 * The API reference (GET /api/openapi.json, OpenAPI 3.1), made by hono-openapi from the routes
 * themselves: each route carries a `describeRoute` middleware (made here by `apiDoc` for /api, by
 * the music app's own table for /wapi) naming what it does, and the zod schemas its handler
 * validates with are turned into the request bodies and parameters. A route without one is missing
 * from the document, which the API test refuses (tests/api/openapi.test.ts).
 */

type Schema = OpenAPIV3_1.SchemaObject;
type Parameter = OpenAPIV3_1.ParameterObject;
type RequestBody = DescribeRouteOptions['requestBody'];

/** Who may call a route, as the permission table says: anyone, a signed-in user, the admin. */
export type Access = 'public' | 'login' | 'admin';

export type ApiRouteDoc = {
  /** What the route does, in a few Chinese words (the reference's heading). */
  summary: string;
  description?: string;
  /** Absent: anyone (a token, when sent, is still read: likes and private content depend on it). */
  access?: Exclude<Access, 'public'>;
  /** The zod schema of the JSON body, the one the handler checks it with. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** The path parameters' schema (`:id` …); a parameter it does not name is listed as text. */
  path?: z.ZodType;
  /** A multipart upload: its file field, and its text fields with what they hold. */
  upload?: { file: string; fields?: Record<string, string> };
  /** The answer when it is not the envelope: its media type and what it is. */
  raw?: { type: string; description: string };
};

const BEARER = 'bearerAuth';
/** The /wapi music session: the cookie its QR login sets (music/account.ts). */
export const MUSIC_SESSION = 'musicSession';
/** The answer of a /wapi call (NeteaseCloudMusicApi's shapes, not the envelope). */
export const WAPI_ANSWER = { $ref: '#/components/schemas/WapiAnswer' };

/** Parameters from a zod object schema, as the handler reads them (its input, before defaults). */
function parametersOf(schema: z.ZodType, where: 'query' | 'path'): Parameter[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as Schema;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      // JSON Schema 2020-12, as OpenAPI 3.1 takes it (openapi-types still types a parameter's schema
      // as 3.0's, where exclusiveMinimum is a boolean).
      schema: rest as Parameter['schema'],
      ...(description ? { description } : {}),
    };
  });
}

const envelope = { $ref: '#/components/schemas/Envelope' };

function formSchema(upload: NonNullable<ApiRouteDoc['upload']>): Schema {
  const fields = Object.entries(upload.fields ?? {}).map(([name, description]) => [
    name,
    { type: 'string', description },
  ]);
  return {
    type: 'object',
    properties: { [upload.file]: { type: 'string', format: 'binary' }, ...Object.fromEntries(fields) },
    required: [upload.file],
  };
}

/** The describeRoute options of one /api route: its parameters, body, answers and who may call it. */
function apiOperation(d: ApiRouteDoc): DescribeRouteOptions {
  const parameters = [
    ...(d.path ? parametersOf(d.path, 'path') : []),
    ...(d.query ? parametersOf(d.query, 'query') : []),
  ];
  let requestBody: RequestBody;
  if (d.body) requestBody = { content: { 'application/json': { schema: resolver(d.body) } } };
  else if (d.upload)
    requestBody = { required: true, content: { 'multipart/form-data': { schema: formSchema(d.upload) } } };
  const ok = d.raw
    ? { description: d.raw.description, content: { [d.raw.type]: {} } }
    : {
        description: '成功时 code 为 0、数据在 result；被拒绝时 HTTP 仍为 200，code 为 100，原因在 message',
        content: { 'application/json': { schema: envelope } },
      };
  const responses: Record<string, unknown> = { 200: ok };
  if (d.access) responses[401] = { $ref: '#/components/responses/Unauthorized' };
  if (d.access === 'admin') responses[403] = { $ref: '#/components/responses/Forbidden' };
  return {
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    // A route for anyone still reads a token when one is sent: the empty requirement makes it optional.
    security: d.access ? [{ [BEARER]: [] }] : [{}, { [BEARER]: [] }],
    responses: responses as DescribeRouteOptions['responses'],
  };
}

/** The middleware that describes one /api route in the reference (it does nothing at request time). */
export const apiDoc = (d: ApiRouteDoc) => describeRoute(apiOperation(d));

const failure = (code: number, message: string) => ({
  description: message,
  content: {
    'application/json': {
      schema: envelope,
      example: { code, message },
    },
  },
});

const COMPONENTS: OpenAPIV3_1.ComponentsObject = {
  schemas: {
    Envelope: {
      type: 'object',
      description: '/api 的每个 JSON 回答都是这个信封。',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'integer',
          description:
            '0 成功；100 请求被拒绝（参数错误、业务规则），HTTP 状态仍为 200；其他值与 HTTP 状态相同',
          examples: [0, 100, 401, 403, 404, 413, 415, 429],
        },
        message: { type: 'string', description: '给人看的中文说明', examples: ['成功'] },
        result: { description: '成功时的数据（失败时没有）' },
      },
    },
    WapiAnswer: {
      type: 'object',
      description:
        'NeteaseCloudMusicApi 的回答：成功时 code 为 200，其余字段因接口而异；失败时带中文 message。',
      required: ['code'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
      additionalProperties: true,
    },
  },
  responses: {
    Unauthorized: failure(401, '请先登录'),
    Forbidden: failure(403, '权限不足'),
  },
  securitySchemes: {
    [BEARER]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        '登录（POST /api/user/login）得到的 token，放在请求头 `Authorization: Bearer <token>` 里。',
    },
    [MUSIC_SESSION]: {
      type: 'apiKey',
      in: 'cookie',
      name: 'blog_music',
      description: '/wapi 扫码登录成功后设置的音乐会话 Cookie（HttpOnly，路径 /wapi）。',
    },
  },
};

export type ReferenceOptions = {
  info: OpenAPIV3_1.InfoObject;
  /** The reference's tags (features), in the order the viewer lists them. */
  tags: OpenAPIV3_1.TagObject[];
  /** A route's tag when its description names none: by its path. */
  tagOf: (path: string) => string | undefined;
};

const merge = <T>(a: Record<string, T> | undefined, b: Record<string, T> | undefined) =>
  a || b ? { ...a, ...b } : undefined;

/** The OpenAPI 3.1 document of the given apps (routes under their own base paths). */
export async function openApiDocument(apps: Hono<ApiEnv>[], opts: ReferenceOptions) {
  const paths: OpenAPIV3_1.PathsObject = {};
  let components: OpenAPIV3_1.ComponentsObject = { ...COMPONENTS };
  for (const app of apps) {
    const part = await generateSpecs(app, {
      // `/api/openapi.json` is a route, not a static file.
      excludeStaticFile: false,
      // Bad input is a refusal inside the envelope (code 100), never hono-openapi's 400.
      defaultValidationErrorResponse: false,
    });
    Object.assign(paths, part.paths);
    const more = part.components ?? {};
    components = {
      ...components,
      schemas: merge(components.schemas, more.schemas),
      parameters: merge(components.parameters, more.parameters),
    };
  }
  for (const [path, item] of Object.entries(paths)) {
    for (const op of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      if (!op.tags?.length) {
        const tag = opts.tagOf(path);
        if (tag) op.tags = [tag];
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: opts.info,
    tags: opts.tags,
    paths,
    components,
  } satisfies OpenAPIV3_1.Document;
}
