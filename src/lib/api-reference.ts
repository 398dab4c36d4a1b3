import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * What the API reference page (GET /api/docs, server/api/docs-page.ts) says of the OpenAPI document,
 * in Chinese: who may call an operation, and a schema as the rows of a field table (its type, its
 * limits, nested fields under their parent's name).
 */

type Schema = OpenAPIV3_1.SchemaObject;
type Ref = OpenAPIV3_1.ReferenceObject;
type Operation = OpenAPIV3_1.OperationObject;
export type SchemaOrRef = Schema | Ref;

export const isRef = (value: unknown): value is Ref =>
  typeof value === 'object' && value !== null && '$ref' in value;

/** The name a `#/components/…/Name` reference points to. */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

export type Access = 'public' | 'login' | 'admin' | 'music';

export const ACCESS_LABELS: Record<Access, string> = {
  public: '公开',
  login: '需要登录',
  admin: '仅管理员',
  music: '需要音乐会话',
};

/**
 * Who may call an operation, as http/openapi.ts writes it: an empty requirement beside the token
 * makes the token optional (anyone); a required token with a 403 answer is the admin's.
 */
export function accessOf(op: Operation): Access {
  const requirements = op.security ?? [];
  if (requirements.some((r) => 'musicSession' in r)) return 'music';
  if (!requirements.length || requirements.some((r) => !Object.keys(r).length)) return 'public';
  return op.responses?.['403'] ? 'admin' : 'login';
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
};

const valueText = (value: unknown) => (value === '' ? '空字符串' : JSON.stringify(value));

const variantsOf = (s: Schema): SchemaOrRef[] | undefined => s.anyOf ?? s.oneOf;

/** The type of a value, e.g. 整数, 字符串 或 null, 对象数组, Envelope (a named schema). */
export function typeLabel(s: SchemaOrRef): string {
  if (isRef(s)) return refName(s.$ref);
  const variants = variantsOf(s);
  if (variants) return [...new Set(variants.map(typeLabel))].join(' 或 ');
  if (s.const !== undefined) return valueText(s.const);
  if (s.format === 'binary') return '文件';
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (!types.length) return '任意';
  return types
    .map((t) => {
      if (t !== 'array') return TYPE_NAMES[t] ?? t;
      const array = s as OpenAPIV3_1.ArraySchemaObject & { prefixItems?: SchemaOrRef[] };
      if (array.prefixItems) return `[${array.prefixItems.map(typeLabel).join(', ')}]`;
      return array.items ? `${typeLabel(array.items)}数组` : '数组';
    })
    .join(' 或 ');
}

/** zod writes "any integer" as ±Number.MAX_SAFE_INTEGER: no limit a reader needs. */
const bounded = (n: number | undefined) =>
  n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined;

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `${min} ${unit}` : `${min}–${max} ${unit}`;
  if (max !== undefined) return `最多 ${max} ${unit}`;
  if (min) return `至少 ${min} ${unit}`;
  return undefined;
}

function numberRange(s: Schema): string | undefined {
  // 3.1 (JSON Schema 2020-12) writes an exclusive bound as a number of its own.
  const above = bounded(s.exclusiveMinimum as number | undefined);
  const below = bounded(s.exclusiveMaximum as number | undefined);
  const min = bounded(s.minimum);
  const max = bounded(s.maximum);
  if (above === undefined && below === undefined && min !== undefined && max !== undefined)
    return `${min}–${max}`;
  const parts = [
    above !== undefined ? `> ${above}` : min !== undefined ? `≥ ${min}` : undefined,
    below !== undefined ? `< ${below}` : max !== undefined ? `≤ ${max}` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join('，') : undefined;
}

/** A value's limits and defaults, each a short phrase (最多 100 字符, ≥ 1, 可选值 …, 默认 …). */
export function ruleLabels(s: SchemaOrRef): string[] {
  if (isRef(s)) return [];
  const variants = variantsOf(s);
  const own = [
    range(s.minLength, s.maxLength, '字符'),
    numberRange(s),
    range(s.minItems, s.maxItems, '项'),
    s.enum ? `可选值 ${s.enum.map(valueText).join('、')}` : undefined,
    s.pattern ? `格式 ${s.pattern}` : undefined,
    s.format && s.format !== 'binary' ? `格式 ${s.format}` : undefined,
    s.default !== undefined ? `默认 ${valueText(s.default)}` : undefined,
    s.additionalProperties === true ? '可带其他字段' : undefined,
  ].filter((rule): rule is string => !!rule);
  return [...new Set([...own, ...(variants ?? []).flatMap(ruleLabels)])];
}

export type FieldRow = {
  /** The field's place: `name`, `parent.name`, `list[].name`. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  rules: string[];
  description?: string;
};

/** The object schemas whose fields a value has: itself, its non-null variants, an array's items. */
function objectsIn(s: SchemaOrRef): { schema: Schema; suffix: string }[] {
  if (isRef(s)) return [];
  if (s.properties) return [{ schema: s, suffix: '' }];
  const variants = variantsOf(s);
  if (variants) return variants.flatMap(objectsIn);
  if (s.type === 'array' && s.items)
    return objectsIn(s.items).map((o) => ({ ...o, suffix: `[]${o.suffix}` }));
  return [];
}

/**
 * The fields of an object schema, each nested field after its parent (named by its path); nothing
 * for a schema that is not an object (its type says it all) or a reference (shown by its name).
 */
export function fieldRows(schema: SchemaOrRef | undefined, parent = '', depth = 0): FieldRow[] {
  if (!schema) return [];
  return objectsIn(schema).flatMap(({ schema: object, suffix }) => {
    const required = new Set(object.required ?? []);
    return Object.entries(object.properties ?? {}).flatMap(([key, property]) => {
      const name = parent ? `${parent}${suffix}.${key}` : key;
      const row: FieldRow = {
        name,
        depth,
        type: typeLabel(property),
        required: required.has(key),
        rules: ruleLabels(property),
        ...(!isRef(property) && property.description ? { description: property.description } : {}),
      };
      return [row, ...fieldRows(property, name, depth + 1)];
    });
  });
}

export type TagGroup = { name: string; description?: string; operations: OperationEntry[] };
export type OperationEntry = { method: string; path: string; operation: Operation };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The document's operations by feature, in the order of its tags and then of its paths; an
 * operation under no tag of the list goes in a group 其他 at the end.
 */
export function operationsByTag(doc: OpenAPIV3_1.Document): TagGroup[] {
  const groups = new Map<string, TagGroup>(
    (doc.tags ?? []).map((t) => [t.name, { name: t.name, description: t.description, operations: [] }]),
  );
  const other: TagGroup = { name: '其他', operations: [] };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const group = groups.get(operation.tags?.[0] ?? '') ?? other;
      group.operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups.values(), other].filter((g) => g.operations.length);
}
