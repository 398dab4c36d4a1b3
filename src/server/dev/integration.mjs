// @ts-check
const DEV_UPGRADE = Symbol.for('blog.devUpgrade');

/** The forwarding routes of `astro dev` (src/server/dev/routes), by URL pattern. */
const DEV_ROUTES = [
  ['/api/[...path]', 'api.ts'],
  ['/wapi/[...path]', 'wapi.ts'],
  ['/uploads/[...path]', 'uploads.ts'],
];

/**
 * `astro dev` only: injects the routes that hand /api, /wapi and /uploads to the production code
 * (a build has none of them: there src/server/main.ts routes those paths before Astro, so no path
 * such as `/x/../api/…` can reach a copy inside Astro), and attaches the WebSocket upgrade hook to
 * Vite's HTTP server. The hub itself is started by src/middleware.ts inside the module graph the
 * pages and /api use (see dev/boot.ts), so dev runs the same code as production with one database
 * handle and one hub.
 * @returns {import('astro').AstroIntegration}
 */
export function devServer() {
  return {
    name: 'blog-dev-server',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command !== 'dev') return;
        for (const [pattern, file] of DEV_ROUTES)
          injectRoute({
            pattern,
            entrypoint: new URL(`./routes/${file}`, import.meta.url),
            prerender: false,
          });
      },
      'astro:server:setup': ({ server }) => {
        server.httpServer?.on('upgrade', (req, socket, head) => {
          if (!req.url?.startsWith('/ws')) return; // Vite's own HMR socket
          /** @type {any} */
          const handle = /** @type {any} */ (globalThis)[DEV_UPGRADE];
          if (handle) handle(req, socket, head);
          else socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        });
      },
    },
  };
}
