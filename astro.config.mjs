// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { compressAssets } from './src/server/build/compress-assets.mjs';
import { devServer } from './src/server/dev/integration.mjs';

/**
 * Pages import services as `#server/…` (package.json "imports"). The production bundle keeps those
 * imports external, so pages and main.ts share one copy of every server module (one database handle,
 * one cache, one chat hub); Node runs the .ts files directly.
 */
const serverModule = /^#server\//;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), devServer(), compressAssets()],
  trailingSlash: 'ignore',
  build: { format: 'file' },
  server: { port: 4321, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  prefetch: false,
  vite: {
    // Astro keeps only `output` of per-environment rolldown options, so this goes at the top level;
    // client code never imports src/server, so it only matters to the SSR build.
    build: { rolldownOptions: { external: [serverModule] } },
    // Bundled into the server build so it holds the few icons the islands use, not all 1,600 of them.
    ssr: { noExternal: ['lucide-react'] },
  },
});
