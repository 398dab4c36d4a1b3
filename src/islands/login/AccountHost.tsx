import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect, useState } from 'react';
import { $showLogin } from '../../stores/ui.ts';
import { firstLoad } from './first-load.ts';

/**
 * Always mounted and tiny: runs the first-load step (page headers and the welcome toast) and loads
 * the login/register dialog's code only when the shared show-login flag first turns on.
 */
export default function AccountHost() {
  const show = useStore($showLogin);
  const [Dialog, setDialog] = useState<ComponentType | null>(null);

  useEffect(() => firstLoad(), []);

  useEffect(() => {
    if (!show || Dialog) return;
    let live = true;
    import('./LoginDialog.tsx').then((m) => live && setDialog(() => m.default));
    return () => {
      live = false;
    };
  }, [show, Dialog]);

  return Dialog ? <Dialog /> : null;
}
