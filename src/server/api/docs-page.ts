import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { OpenAPIV3_1 } from 'openapi-types';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import {
  ACCESS_LABELS,
  accessOf,
  type FieldRow,
  fieldRows,
  isRef,
  type OperationEntry,
  operationsByTag,
  refName,
  ruleLabels,
  type SchemaOrRef,
  typeLabel,
} from '../../lib/api-reference.ts';
import { THEME_BOOTSTRAP } from '../../lib/theme-bootstrap.ts';
import { DOCS_STYLE } from './docs-style.ts';

/**
 * The API reference as one page drawn on the server (GET /api/docs): every operation of the
 * OpenAPI document by feature, with who may call it, its parameters, request body and answers. No
 * script but the site's theme bootstrap (allowed by the Content-Security-Policy): the page reads
 * the same on a phone, prints, and the browser's find searches all of it.
 */

type Doc = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Html = HtmlEscapedString;

// No value below is a promise, so `html` answers at once.
const h = (strings: TemplateStringsArray, ...values: unknown[]) => html(strings, ...values) as Html;

const markdown = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);
/** A description (CommonMark, as OpenAPI says) as HTML; raw HTML in it is dropped, not passed on. */
const md = (text: string | undefined) => (text ? raw(String(markdown.processSync(text))) : '');

const WHERE: Record<string, string> = { path: '路径', query: '查询', header: '请求头', cookie: 'Cookie' };

/** A named schema's anchor in the 公共结构 section. */
const schemaAnchor = (name: string) => `schema-${name}`;

/** A type, linked to the section of the named schema it is. */
function typeHtml(schema: SchemaOrRef): Html {
  if (isRef(schema)) {
    const name = refName(schema.$ref);
    return h`<a href="#${schemaAnchor(name)}"><code>${name}</code></a>`;
  }
  return h`${typeLabel(schema)}`;
}

const rulesHtml = (rules: string[]) =>
  rules.length ? h` <span class="rules">${rules.join('；')}</span>` : '';

const required = (yes: boolean | undefined) => (yes ? h` <span class="req">必填</span>` : '');

/** A table of rows; its 说明 column only when some row has something to say. */
function table(first: string, rows: { name: Html; type: Html; description?: string }[]): Html {
  const said = rows.some((r) => r.description);
  return h`<table class="fields"><thead><tr><th scope="col">${first}</th><th scope="col">类型与限制</th>${said ? h`<th scope="col">说明</th>` : ''}</tr></thead><tbody>${rows.map(
    (r) => h`<tr>${r.name}<td>${r.type}</td>${said ? h`<td>${md(r.description)}</td>` : ''}</tr>`,
  )}</tbody></table>`;
}

const fieldsTable = (rows: FieldRow[]) =>
  table(
    '字段',
    rows.map((r) => ({
      name: h`<td style="--depth:${r.depth}"><code>${r.name}</code>${required(r.required)}</td>`,
      type: h`${r.type}${rulesHtml(r.rules)}`,
      description: r.description,
    })),
  );

function parametersTable(parameters: OpenAPIV3_1.ParameterObject[]): Html {
  const rows = parameters.map((p) => {
    const schema = (p.schema ?? {}) as SchemaOrRef;
    return {
      name: h`<td><code>${p.name}</code> <span class="where">${WHERE[p.in] ?? p.in}</span>${required(p.required)}</td>`,
      type: h`${typeHtml(schema)}${rulesHtml(ruleLabels(schema))}`,
      description: p.description ?? (isRef(schema) ? undefined : schema.description),
    };
  });
  return h`<h4>参数</h4>${table('参数', rows)}`;
}

/** One media type's schema: its fields when it is an object, else its type. */
function contentHtml(type: string, media: OpenAPIV3_1.MediaTypeObject): Html {
  const schema = media.schema as SchemaOrRef | undefined;
  const rows = fieldRows(schema);
  const what = schema && !rows.length ? h`：${typeHtml(schema)}` : '';
  return h`<p class="media"><code>${type}</code>${what}</p>${rows.length ? fieldsTable(rows) : ''}`;
}

function requestBodyHtml(body: OpenAPIV3_1.RequestBodyObject): Html {
  return h`<h4>请求体${required(body.required)}</h4>${md(body.description)}${Object.entries(body.content).map(
    ([type, media]) => contentHtml(type, media),
  )}`;
}

function responsesHtml(doc: Doc, responses: OpenAPIV3_1.ResponsesObject): Html {
  const named = doc.components?.responses ?? {};
  return h`<h4>回答</h4><dl class="answers">${Object.entries(responses).map(([status, answer]) => {
    const response = (isRef(answer) ? named[refName(answer.$ref)] : answer) as OpenAPIV3_1.ResponseObject;
    const contents = Object.entries(response?.content ?? {});
    return h`<dt>${status === 'default' ? '其他' : status}</dt><dd>${md(response?.description)}${contents.map(
      ([type, media]) => {
        const schema = media.schema as SchemaOrRef | undefined;
        return h`<p class="media"><code>${type}</code>${schema ? h`：${typeHtml(schema)}` : ''}</p>`;
      },
    )}</dd>`;
  })}</dl>`;
}

function operationHtml(doc: Doc, { method, path, operation }: OperationEntry): Html {
  const op = operation as Operation;
  const parameters = (op.parameters ?? []).filter((p) => !isRef(p)) as OpenAPIV3_1.ParameterObject[];
  const body = op.requestBody && !isRef(op.requestBody) ? op.requestBody : undefined;
  const access = accessOf(op);
  return h`<section class="op" id="op-${op.operationId ?? `${method}-${path}`}">
<h3>${op.summary ?? `${method} ${path}`}</h3>
<p class="endpoint"><span class="method ${method.toLowerCase()}">${method}</span> <code>${path}</code> <span class="access ${access}">${ACCESS_LABELS[access]}</span></p>
${md(op.description)}${parameters.length ? parametersTable(parameters) : ''}${body ? requestBodyHtml(body) : ''}${op.responses ? responsesHtml(doc, op.responses) : ''}
</section>`;
}

function securityHtml(doc: Doc): Html {
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  if (!schemes.length) return h``;
  return h`<section id="auth"><h2>认证</h2><dl class="answers">${schemes.map(([name, scheme]) => {
    const s = scheme as OpenAPIV3_1.SecuritySchemeObject;
    const how =
      s.type === 'http'
        ? `请求头 Authorization: ${s.scheme === 'bearer' ? 'Bearer' : s.scheme} …`
        : s.type === 'apiKey'
          ? `${WHERE[s.in] ?? s.in} ${s.name}`
          : s.type;
    return h`<dt><code>${name}</code></dt><dd><p>${how}</p>${md(s.description)}</dd>`;
  })}</dl></section>`;
}

function schemasHtml(doc: Doc): Html {
  const schemas = Object.entries(doc.components?.schemas ?? {});
  if (!schemas.length) return h``;
  return h`<section id="schemas"><h2>公共结构</h2>${schemas.map(([name, schema]) => {
    const rows = fieldRows(schema);
    return h`<section class="op" id="${schemaAnchor(name)}"><h3><code>${name}</code></h3>${md(schema.description)}${rows.length ? fieldsTable(rows) : h`<p>${typeLabel(schema)}</p>`}</section>`;
  })}</section>`;
}

/** The whole page of a document. */
export function docsPage(doc: Doc): string {
  const groups = operationsByTag(doc);
  const anchor = (i: number) => `tag-${i + 1}`;
  return h`<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${doc.info.title} 文档</title>
<script>${raw(THEME_BOOTSTRAP)}</script>
<style>${raw(DOCS_STYLE)}</style>
</head>
<body>
<header class="top"><h1>${doc.info.title}</h1><p>版本 ${doc.info.version} · 共 ${groups.reduce((n, g) => n + g.operations.length, 0)} 个接口 · <a href="/api/openapi.json">下载 OpenAPI 文档（JSON）</a></p></header>
<div class="layout">
<nav aria-label="目录"><ul>
<li><a href="#auth">认证</a></li>
${groups.map((g, i) => h`<li><a href="#${anchor(i)}">${g.name} <span class="count">${g.operations.length}</span></a></li>`)}
<li><a href="#schemas">公共结构</a></li>
</ul></nav>
<main>
<section class="intro">${md(doc.info.description)}</section>
${securityHtml(doc)}
${groups.map(
  (g, i) =>
    h`<section class="tag" id="${anchor(i)}" aria-labelledby="${anchor(i)}-title"><h2 id="${anchor(i)}-title">${g.name}</h2>${md(g.description)}
${g.operations.map((entry) => operationHtml(doc, entry))}</section>`,
)}
${schemasHtml(doc)}
</main>
</div>
</body>
</html>
`;
}
