// @ts-check

/** The owner console's islands (src/admin). */
const CONSOLE = /[\\/]src[\\/]admin[\\/]/;

/**
 * Client build: the owner console's entry points go after the visitor pages'. The bundler orders the
 * modules inside a shared chunk (React's, the core's) by a walk of the entry points in the order given,
 * and Astro gives them sorted by path, so src/admin came first: a console screen that imports
 * `@nanostores/react` before `react` reordered the React chunk every visitor island loads (same code,
 * other minified names, +26 B gzip). With the console last, adding a screen leaves the visitor
 * pages' chunks as they were.
 * @returns {import('vite').Plugin}
 */
export function consoleEntriesLast() {
  return {
    name: 'blog-console-entries-last',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    options(options) {
      const { input } = options;
      if (!Array.isArray(input)) return null;
      const visitor = input.filter((id) => !CONSOLE.test(id));
      return { ...options, input: [...visitor, ...input.filter((id) => CONSOLE.test(id))] };
    },
  };
}
