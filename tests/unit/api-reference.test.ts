import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, test } from 'vitest';
import {
  accessOf,
  fieldRows,
  operationsByTag,
  ruleLabels,
  type SchemaOrRef,
  typeLabel,
} from '../../src/lib/api-reference.ts';

/** What the API reference page says of a schema and an operation (lib/api-reference.ts). */

const ANY_ID = { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

describe('typeLabel', () => {
  test.each<[SchemaOrRef, string]>([
    [{ type: 'string' }, '字符串'],
    [{ type: 'integer' }, '整数'],
    [{ anyOf: [{ type: 'string', maxLength: 20 }, { type: 'null' }] }, '字符串 或 null'],
    [{ type: 'array', items: { type: 'integer' } }, '整数数组'],
    [
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }] } as unknown as SchemaOrRef,
      '[字符串, 字符串]',
    ],
    [{ type: 'string', format: 'binary' }, '文件'],
    [
      { anyOf: [ANY_ID, { type: 'string', const: '' }, { type: 'string', const: '0' }] },
      '整数 或 空字符串 或 "0"',
    ],
    [{ $ref: '#/components/schemas/Envelope' }, 'Envelope'],
    [{}, '任意'],
  ])('%j is %s', (schema, label) => {
    expect(typeLabel(schema)).toBe(label);
  });
});

describe('ruleLabels', () => {
  test.each<[SchemaOrRef, string[]]>([
    [{ type: 'string', maxLength: 100 }, ['最多 100 字符']],
    [{ type: 'string', minLength: 1, maxLength: 100 }, ['1–100 字符']],
    [{ type: 'integer', minimum: 1, maximum: 3 }, ['1–3']],
    // zod's "any safe integer" bounds are no limit a reader needs.
    [ANY_ID, ['> 0']],
    [{ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }, []],
    [{ type: 'array', items: { type: 'integer' }, maxItems: 50 }, ['最多 50 项']],
    [{ type: 'string', enum: ['off', 'first'] }, ['可选值 "off"、"first"']],
    [{ type: 'string', pattern: '^\\d{6}$', default: '' }, ['格式 ^\\d{6}$', '默认 空字符串']],
    [{ anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] }, ['最多 40 字符']],
  ])('%j: %j', (schema, rules) => {
    expect(ruleLabels(schema)).toEqual(rules);
  });
});

describe('fieldRows', () => {
  test('names nested fields by their path, under their parent, with what is required', () => {
    const schema: SchemaOrRef = {
      type: 'object',
      required: ['title'],
      properties: {
        title: { type: 'string', maxLength: 50, description: '标题' },
        category: {
          anyOf: [
            { type: 'object', required: ['id'], properties: { id: ANY_ID, name: { type: 'string' } } },
            { type: 'null' },
          ],
        },
        images: {
          type: 'array',
          items: { type: 'object', properties: { url: { type: 'string' } } },
        },
      },
    };
    expect(fieldRows(schema)).toEqual([
      {
        name: 'title',
        depth: 0,
        type: '字符串',
        required: true,
        rules: ['最多 50 字符'],
        description: '标题',
      },
      { name: 'category', depth: 0, type: '对象 或 null', required: false, rules: [] },
      { name: 'category.id', depth: 1, type: '整数', required: true, rules: ['> 0'] },
      { name: 'category.name', depth: 1, type: '字符串', required: false, rules: [] },
      { name: 'images', depth: 0, type: '对象数组', required: false, rules: [] },
      { name: 'images[].url', depth: 1, type: '字符串', required: false, rules: [] },
    ]);
  });

  test('has no rows for what is not an object: its type says it', () => {
    expect(fieldRows({ $ref: '#/components/schemas/Envelope' })).toEqual([]);
    expect(fieldRows({ type: 'string' })).toEqual([]);
    expect(fieldRows(undefined)).toEqual([]);
  });
});

describe('accessOf', () => {
  const op = (security: OpenAPIV3_1.SecurityRequirementObject[] | undefined, ...refusals: string[]) =>
    ({
      security,
      responses: Object.fromEntries(['200', ...refusals].map((s) => [s, { description: '' }])),
    }) as OpenAPIV3_1.OperationObject;

  test('anyone when the token is optional or nothing is required', () => {
    expect(accessOf(op([{}, { bearerAuth: [] }]))).toBe('public');
    expect(accessOf(op(undefined))).toBe('public');
  });

  test('a signed-in user, the admin (refused with 403), the music session', () => {
    expect(accessOf(op([{ bearerAuth: [] }], '401'))).toBe('login');
    expect(accessOf(op([{ bearerAuth: [] }], '401', '403'))).toBe('admin');
    expect(accessOf(op([{ musicSession: [] }]))).toBe('music');
  });
});

describe('operationsByTag', () => {
  test("groups operations in the tags' order, then the paths'; the untagged last, as 其他", () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      tags: [{ name: '文章' }, { name: '评论', description: '评论的接口' }, { name: '空' }],
      paths: {
        '/api/comment': { get: { tags: ['评论'], responses: {} } },
        '/api/article': { post: { tags: ['文章'], responses: {} }, get: { tags: ['文章'], responses: {} } },
        '/api/other': { get: { responses: {} } },
      },
    } as OpenAPIV3_1.Document;
    expect(
      operationsByTag(doc).map((g) => [
        g.name,
        g.description,
        g.operations.map((o) => `${o.method} ${o.path}`),
      ]),
    ).toEqual([
      ['文章', undefined, ['GET /api/article', 'POST /api/article']],
      ['评论', '评论的接口', ['GET /api/comment']],
      ['其他', undefined, ['GET /api/other']],
    ]);
  });
});
