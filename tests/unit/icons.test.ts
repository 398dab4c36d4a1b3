import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import * as lucide from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from '../../src/components/icons.ts';

/**
 * The icons of the Astro markup are drawn once per distinct use instead of a React
 * render each (components/icons.ts); a page's bytes stay what Astro's React renderer made of the
 * lucide-react icon (its `class` dropped, as that renderer drops it).
 */
describe('server-drawn icons', () => {
  it('draw exactly the markup of the lucide-react icon, each use alike every time', async () => {
    const container = await AstroContainer.create();
    const props = { size: 14, strokeWidth: 1.5, 'aria-hidden': 'true' } as const;
    const lucideByName = new Map<string, unknown>(Object.entries(lucide));
    for (const [name, icon] of Object.entries(icons)) {
      const react = renderToStaticMarkup(createElement(lucideByName.get(name) as never, props));
      expect(react, name).toMatch(/^<svg [^>]*class="lucide lucide-/);
      for (const p of [props, { ...props, class: 'ignored' }, props])
        expect(await container.renderToString(icon as never, { props: p }), name).toBe(react);
    }
  });
});
