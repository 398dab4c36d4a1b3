// @ts-check
/**
 * `astro dev` only: opens the database inside Vite's module graph (the same modules the pages use) and
 * attaches the WebSocket upgrade hook to Vite's HTTP server, so dev runs the same code as production.
 * @returns {import('astro').AstroIntegration}
 */
export function devServer() {
  return {
    name: 'blog-dev-server',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const mod = await server.ssrLoadModule('/src/server/dev/boot.ts');
        const upgrade = await mod.bootDev();
        server.httpServer?.on('upgrade', (req, socket, head) => {
          if (req.url?.startsWith('/ws')) upgrade(req, socket, head);
        });
      },
    },
  };
}
