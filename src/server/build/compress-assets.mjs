// @ts-check
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|xml|txt|webmanifest)$/;

/**
 * After `astro build`: writes `.br` and `.gz` beside every compressible client file, so the server
 * sends precompressed assets without compressing per request.
 * @returns {import('astro').AstroIntegration}
 */
export function compressAssets() {
  return {
    name: 'blog-compress-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        // In server output `dir` is the client folder.
        let count = 0;
        const walk = async (/** @type {string} */ d) => {
          for (const entry of await readdir(d, { withFileTypes: true })) {
            const full = path.join(d, entry.name);
            if (entry.isDirectory()) await walk(full);
            else if (COMPRESSIBLE.test(entry.name) && (await stat(full)).size > 512) {
              const data = await readFile(full);
              const [b, g] = await Promise.all([
                br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
                gz(data, { level: 9 }),
              ]);
              if (b.length < data.length) await writeFile(`${full}.br`, b);
              if (g.length < data.length) await writeFile(`${full}.gz`, g);
              count++;
            }
          }
        };
        await walk(root);
        logger.info(`precompressed ${count} assets (br, gz)`);
      },
    },
  };
}
