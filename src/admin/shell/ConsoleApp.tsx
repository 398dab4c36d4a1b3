import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { resolveConsolePage } from '../modules.ts';
import { $heading } from '../stores.ts';
import ConsoleShell from './ConsoleShell.tsx';

/**
 * The console's one island, on every /admin page (src/pages/admin/[...path].astro): the shell of the
 * feature `pathname` belongs to and, once the gate lets the admin in, its screen, whose code loads
 * only then. The server answered 404 to an address no feature declares, so the page resolves here.
 */
export default function ConsoleApp({ pathname }: { pathname: string }) {
  const [{ module, Screen }] = useState(() => {
    const page = resolveConsolePage(pathname);
    if (!page) throw new Error(`no console page at ${pathname}`);
    const sub = page.sub ? page.module.pages?.[page.sub] : undefined;
    $heading.set(sub?.heading?.() ?? page.title);
    return { module: page.module, Screen: lazy(sub?.screen ?? page.module.screen) };
  });
  const heading = useStore($heading);
  return (
    <ConsoleShell active={module.key} title={heading}>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    </ConsoleShell>
  );
}
