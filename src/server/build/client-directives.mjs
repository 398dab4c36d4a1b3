// @ts-check
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project's own directives: name → module (its default export is the directive). */
const DIRECTIVES = { interaction: '../../browser/interaction.ts' };

/**
 * The file beside the server build that holds the inline scripts Astro made of our directives: the
 * Content-Security-Policy allows them by hash (src/server/security.ts), like Astro's own.
 */
const DIRECTIVE_SCRIPTS_FILE = 'client-directives.json';

/**
 * Registers the project's own client directive, `client:interaction` (src/browser/interaction.ts): an
 * island that hydrates on the visitor's first pointer, focus or key inside it and replays that first click
 * or focus, so a reader who never touches it never downloads its code
 * (docs/decisions/0010-islands-on-interaction.md).
 * @returns {import('astro').AstroIntegration}
 */
export function clientDirectives() {
  /** @type {URL | undefined} */
  let serverDir;
  return {
    name: 'blog-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const [name, file] of Object.entries(DIRECTIVES))
          addClientDirective({
            name,
            // A path: Astro bundles directives with esbuild, which takes no file: URL.
            entrypoint: fileURLToPath(new URL(file, import.meta.url)),
          });
      },
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:ssr': ({ manifest }) => {
        if (!serverDir) return;
        const ours = manifest.clientDirectives.filter(([name]) => name in DIRECTIVES).map(([, code]) => code);
        writeFileSync(new URL(DIRECTIVE_SCRIPTS_FILE, serverDir), JSON.stringify(ours));
      },
    },
  };
}
