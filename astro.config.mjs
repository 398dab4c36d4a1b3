// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { clientDirectives } from './src/server/build/client-directives.mjs';
import { compressAssets } from './src/server/build/compress-assets.mjs';
import { consoleBundle, isCopy } from './src/server/build/console-bundle.mjs';
import { devServer } from './src/server/dev/integration.mjs';

/**
 * Pages import services as `#server/…` (package.json "imports"). The production bundle keeps those
 * imports external, so pages and main.ts share one copy of every server module (one database handle,
 * one cache, one chat hub); Node runs the .ts files directly.
 */
const serverModule = /^#server\//;

/**
 * The chunk groups below are the visitor pages': they never take the owner console's copies of
 * modules, nor the diagram drawer both sides share (console-bundle.mjs), which the bundler splits
 * into chunks of their own.
 * @param {RegExp} pattern
 */
const visitor = (pattern) => (/** @type {string} */ id) => !isCopy(id) && pattern.test(id);

/**
 * Browser chunks. Left alone, the bundler makes dozens of tiny shared chunks (a store here, an icon
 * there); each costs a request and compresses on its own. These groups merge code that is always
 * wanted together: React with its helpers (only pages with a React island, or a pane just opened,
 * load it), the stores and rules every page's chrome uses (scroll restoration too: the layout
 * installs it, the guestbook board imports it as well) and the helpers the chrome shares with the
 * islands (src/browser: element lookups, storage, mounting a pane), with the API client (the chrome calls it), and
 * the comment and like code of the community islands (its rules and store apart from its React parts, so
 * a reader who never touches an island downloads no React). Panes stay in their own chunks, loaded when first
 * opened. `core` also holds the chrome itself (BaseLayout's script, src/chrome, but for the signed-in
 * parts of the header, header-user.ts, and the unread store they use) and Astro's client router
 * (ClientRouter's script, astro:transitions): every page runs all three, and one file compresses
 * 1.8 KB smaller than the four it replaces (issue 22 goal 3; the two entry scripts are one-line imports).
 * @type {import('rolldown').CodeSplittingOptions}
 */
const clientChunks = {
  groups: [
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared))[\\/.]|src[\\/]browser[\\/]react-root\.ts$/,
      priority: 4,
    },
    {
      name: 'core',
      test: /src[\\/](stores[\\/](api|modal|session|ui|toast|search|chat)|lib[\\/](storage|chat|throttle|idle|count|body-code|greeting|nav|header-scroll|image-placeholder|api[\\/](client|hooks|site|logout))|chrome[\\/](?!header[\\/]header-user|navigation[\\/]nprogress)[\w\\/-]+|browser[\\/](dom|storage|lazy-root|focus-return|scroll-restore))\.ts$|src[\\/]layouts[\\/]BaseLayout\.astro\?astro&type=script|node_modules[\\/](nanostores[\\/]|astro[\\/](dist[\\/]transitions|components[\\/]ClientRouter))|rolldown[\\/]runtime|vite[\\/]preload-helper/,
      priority: 3,
    },
    {
      // The date formats of the islands' lists, apart from the chrome (which shows only counts).
      name: 'format',
      test: /src[\\/]lib[\\/](format|wire-date)\.ts$/,
      priority: 2,
    },
    {
      // Without React: the article's like under the body loads the like store on every view, with the
      // article's own calls (its view and reading time): one file, not two.
      name: 'likes',
      test: /src[\\/](lib[\\/]api[\\/](likes|articles)|stores[\\/]like)\.ts$/,
      priority: 1,
    },
    {
      name: 'community',
      test: /src[\\/]lib[\\/](api[\\/]comments|community)\.ts$|src[\\/]islands[\\/](shared[\\/]Avatar|like[\\/])|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](message-circle|trash|thumbs-up)\./,
      priority: 1,
    },
  ].map((group) => ({ ...group, test: visitor(group.test) })),
};

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDirectives(), consoleBundle(), devServer(), compressAssets()],
  trailingSlash: 'ignore',
  // Styles go inline: no render-blocking stylesheet request before the first paint on a slow
  // network (the page HTML is cached and compressed; client-router navigations fetch it anyway).
  // Measured against files the browser caches (`npm run bench -- stylesheets`, docs/performance.md): a
  // first view and three more pages cost about the same bytes either way, and files slow the first
  // view's LCP and cost Lighthouse points.
  build: { format: 'file', inlineStylesheets: 'always' },
  server: { port: 4321, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  prefetch: false,
  vite: {
    // Astro keeps only `output` and a few settings of the client's own build options, so these go at
    // the top level.
    build: {
      // Client code never imports src/server: this only matters to the SSR build.
      rolldownOptions: { external: [serverModule] },
      // Read for browser chunks alone. The one past Vite's 500 kB is @mermaid-js/parser's prebuilt
      // grammar (660 kB): a single module, so no split shrinks it, fetched only to draw a diagram.
      // What a page loads up front is held to 20 KB gzip by tests/e2e/script-budget.spec.ts instead.
      chunkSizeWarningLimit: 700,
    },
    environments: {
      client: {
        build: {
          sourcemap: !!process.env.CLIENT_SOURCEMAP,
          rolldownOptions: { output: { codeSplitting: clientChunks } },
        },
      },
    },
    // Bundled into the server build so it holds the few icons the islands use, not all 1,600 of them.
    ssr: { noExternal: ['lucide-react'] },
  },
});
