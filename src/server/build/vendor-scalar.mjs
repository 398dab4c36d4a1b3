// @ts-check
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where, under dist/, the build puts Scalar's browser bundle. */
export const SCALAR_COPY = 'vendor/scalar-standalone.js';

/**
 * Scalar's standalone browser bundle, beside the package's entry (the file is not in the package's
 * exports).
 * @param {string} entry where `@scalar/api-reference` resolves
 */
export const scalarBundleBeside = (entry) =>
  path.join(path.dirname(fileURLToPath(entry)), 'browser', 'standalone.js');

/**
 * After `astro build`: copies Scalar's standalone browser bundle (the viewer of /api/docs) into
 * dist/, so the server finds it there when `@scalar/api-reference` is not installed: it is a build
 * dependency, and a production install (`npm ci --omit=dev`) leaves it out with its dependencies.
 * @returns {import('astro').AstroIntegration}
 */
export function vendorScalar() {
  /** @type {URL} */
  let outDir;
  return {
    name: 'blog-vendor-scalar',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:done': async ({ logger }) => {
        const from = scalarBundleBeside(import.meta.resolve('@scalar/api-reference'));
        const to = fileURLToPath(new URL(SCALAR_COPY, outDir));
        await mkdir(path.dirname(to), { recursive: true });
        await copyFile(from, to);
        logger.info(`copied Scalar's browser bundle to dist/${SCALAR_COPY}`);
      },
    },
  };
}
