// @ts-check
const DEV_UPGRADE = Symbol.for('blog.devUpgrade');

/**
 * `astro dev` only: attaches the WebSocket upgrade hook to Vite's HTTP server. The hub itself is
 * started by src/middleware.ts inside the module graph the pages and /api use (see dev/boot.ts), so
 * dev runs the same code as production with one database handle and one hub.
 * @returns {import('astro').AstroIntegration}
 */
export function devServer() {
  return {
    name: 'blog-dev-server',
    hooks: {
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
