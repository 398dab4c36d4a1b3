// @ts-check
import { fileURLToPath } from 'node:url';

/** The owner console's own modules: its pages, their layout and `client:only` screens. */
const CONSOLE = /[\\/]src[\\/](pages[\\/])?admin[\\/]/;
/** A stylesheet: the only modules the server build copies (see below). */
const CSS = /\.css$/;
/** The query that marks the console's copy of a module both sides import. */
const QUERY = '?console';
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** The renderer the console's islands name: `client:only="blog-console"`. */
const CONSOLE_RENDERER = 'blog-console';
/** `client:only="react"` in a page's source or in its compiled form. */
const REACT_RENDERER = /client:only"?\s*[=:]\s*["']react["']/;
/** Vite's helper that preloads a lazy chunk's imports (its import analysis adds the import). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
/**
 * The one module both sides load the same copy of: the diagram drawer, and mermaid under it (about
 * 3 MB in 100 chunks). Both reach it only by a dynamic import, and it holds nothing of the page's
 * state, so a copy each would only emit mermaid twice.
 */
const SHARED = /[\\/]src[\\/]islands[\\/]article[\\/]diagrams\.ts$/;
/** The query that marks that module and, like the console's, everything it imports. */
const SHARED_QUERY = '?shared';

/**
 * The owner console (/admin) and the visitor pages share no module in the browser, so the visitor
 * pages' chunks are the same bytes whether or not the console exists (and whatever its screens use).
 *
 * A module both import (React, nanostores, a store, the API client, the login dialog, an icon) is
 * otherwise one module of the client graph: the bundler puts it in a chunk both load, or in a visitor
 * chunk, and each console screen that starts using one moved exports, minified names and preload
 * lists of the visitor pages. Here every module a console module imports from outside src/admin gets
 * its own id (`…/react/index.js?console`), and the query sticks through that module's imports, so the
 * console has its own copy of all it uses, in chunks of its own (the chunk groups of astro.config.mjs
 * skip these copies). Vite reads and transforms a file the same with an unknown query.
 *
 * - The islands hydrate with React's Astro renderer, whose client entry imports React: the visitors'
 *   renderer would run the console's copy of React with the other copy's hooks. So the console's
 *   islands name a renderer of their own (`client:only="blog-console"`, src/admin/renderer.ts: React's
 *   client entry imported from src/admin, so from the console's copies).
 * - Vite's preload helper (a virtual module its import analysis adds to every lazy import) gets a
 *   console copy too: it sits in the visitors' core chunk, which a console page would otherwise load.
 * - Server build: the stylesheets a console page imports (global.css, markdown.css) get a copy of their
 *   own, so the console's pages do not change how the visitor pages' inline styles are grouped and
 *   ordered. Its other modules stay shared (one server).
 *
 * A console page then loads no visitor chunk but the rolldown runtime's (stateless helpers, one per
 * build), so its stores (session, toasts, login dialog) are one instance a page. Not copied: other
 * virtual modules (`\0…`) and ids with a query already (`?url`, `?raw`: strings, nothing to share).
 *
 * One lazy module is shared instead (SHARED): the article's diagrams and the editor's preview draw
 * with one copy of mermaid, marked `?shared` from either side (the chunk groups skip it too, so it
 * never lands in the visitors' core chunk). Its preload helper is the console's copy, a chunk of its
 * own: the visitors' sits in their core chunk, which a console page must not load.
 * `astro dev` is unchanged: one module graph, served module by module.
 * @returns {import('astro').AstroIntegration}
 */
export function consoleBundle() {
  return {
    name: 'blog-console-bundle',
    hooks: {
      'astro:config:setup': ({ addRenderer, updateConfig, config }) => {
        addRenderer({
          name: CONSOLE_RENDERER,
          clientEntrypoint: fileURLToPath(new URL('src/admin/renderer.ts', config.root)),
          // Never used to render (the console's islands are client:only); React's, as a fallback.
          serverEntrypoint: '@astrojs/react/server.js',
        });
        updateConfig({ vite: { plugins: [consoleGraph()] } });
      },
    },
  };
}

/** @returns {import('vite').Plugin} */
function consoleGraph() {
  return {
    name: 'blog-console-graph',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client' || environment.name === 'ssr',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith('\0')) return null;
      const client = this.environment.name === 'client';
      const query = [QUERY, SHARED_QUERY].find((q) => importer.endsWith(q));
      const file = query ? importer.slice(0, -query.length) : importer;
      const visitor = !query && !CONSOLE.test(importer);
      // A visitor module's imports stay as they are, but for the shared one (only src/ imports it).
      if (visitor && (!client || NODE_MODULES.test(importer))) return null;
      const resolved = await this.resolve(source, file, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      if (client && SHARED.test(resolved.id)) return { ...resolved, id: resolved.id + SHARED_QUERY };
      if (visitor) return null;
      if (resolved.id === PRELOAD_HELPER) return PRELOAD_HELPER + QUERY;
      if (/^\0|\?/.test(resolved.id) || CONSOLE.test(resolved.id)) return resolved;
      if (!client && !CSS.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id + (query ?? QUERY) };
    },
    // A console page mounted with React's own renderer would run the screens' copy of React with the
    // visitors' copy's hooks (broken only in the browser): the build stops instead.
    transform: {
      filter: { id: /[\\/]src[\\/]pages[\\/]admin[\\/].*\.astro$/, code: REACT_RENDERER },
      handler(_code, id) {
        this.error(`${id}: a console page mounts its screen with client:only="${CONSOLE_RENDERER}"`);
      },
    },
    load: {
      filter: { id: new RegExp(`^${PRELOAD_HELPER}\\${QUERY}$`) },
      async handler() {
        return (await this.load({ id: PRELOAD_HELPER })).code;
      },
    },
  };
}

/**
 * Whether a module id is the console's copy or the shared one (the visitor pages' chunk groups leave
 * these out).
 * @param {string} id
 */
export const isCopy = (id) => id.endsWith(QUERY) || id.endsWith(SHARED_QUERY);
