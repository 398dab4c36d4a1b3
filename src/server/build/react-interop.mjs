// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';

/** React's CommonJS entry points that some packages import as a namespace. */
const PACKAGES = ['react', 'react-dom'];
const SHIM = '\0blog-react-esm:';
/** `import * as X from "react"` (or react-dom): the form that needs the bundler's interop helper. */
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+[\w$]+\s+from\s*(["'])(react|react-dom)\1/g;
/** `import X from "react"` / `import X, { … } from "react"`: a default import, which a shim cannot serve. */
const DEFAULT_IMPORT = /\bimport\s+(?!type\b)[\w$]+\s*(?:,\s*\{[^}]*\}\s*)?from\s*(["'])(react|react-dom)\1/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Client build: a namespace import of `react` or `react-dom` (radix-ui and the helpers it pulls, which
 * only the owner console loads: `import * as React from "react"`) resolves to a generated ES module of
 * named re-exports of the real package. React is CommonJS: one namespace import of it anywhere makes
 * the bundler (rolldown) call its `__toESM` helper on React at every importer, the visitor islands'
 * chunks included; the namespace of an ES module costs nothing outside the chunks that use it.
 * Imports by name (`import { useState } from 'react'`: our code, the visitor islands' packages) need
 * no helper and go to React directly, so the shim and its namespace object stay in the console's chunks.
 *
 * The shim's names are the keys of the package as the build process loads it (`NODE_ENV` decides the
 * production or development build, as it does for the bundle), read when the shim is built: nothing is
 * listed by hand, so a React release that adds or drops an export changes the shim with it.
 * @returns {import('vite').Plugin}
 */
export function reactInterop() {
  /** Per importer, the React packages it imports as a namespace (seen by `transform`). */
  const namespaceImports = new Map();
  let root = process.cwd();
  return {
    name: 'blog-react-interop',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform: {
      filter: { code: /\bimport\b[^;]*\bfrom\s*["']react(-dom)?["']/ },
      handler(code, id) {
        const found = new Set([...code.matchAll(NAMESPACE_IMPORT)].map((m) => m[2]));
        if (found.size > 0) namespaceImports.set(id, found);
        if (DEFAULT_IMPORT.test(code)) {
          this.warn(`${id} imports React's default export: every chunk that imports React gains __toESM`);
        }
        return null;
      },
    },
    resolveId: {
      filter: { id: /^react(-dom)?$/ },
      handler(source, importer, options) {
        if (!importer || importer.startsWith(SHIM) || options.kind !== 'import-statement') return null;
        return namespaceImports.get(importer)?.has(source) ? SHIM + source : null;
      },
    },
    load(id) {
      const name = id.startsWith(SHIM) ? id.slice(SHIM.length) : '';
      if (!PACKAGES.includes(name)) return null;
      const require = createRequire(path.join(root, 'package.json'));
      const names = Object.keys(require(name)).filter((n) => n !== 'default' && IDENTIFIER.test(n));
      return `export { ${names.join(', ')} } from ${JSON.stringify(name)};\n`;
    },
  };
}
