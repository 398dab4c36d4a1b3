import { lazyRoot } from '../../browser/lazy-root.ts';
import { onIdle } from '../../lib/idle.ts';
import { onModal } from '../../stores/modal.ts';
import { firstLoad } from './first-load.ts';

/**
 * Always on the page and tiny: runs the first-load step (page headers and the welcome toast) and
 * loads the login/register dialog (React) only when the shared show-login flag first turns on; the
 * dialog then follows the flag itself.
 */
const host = document.querySelector('[data-account-host]');
if (host) {
  onIdle(firstLoad);
  const dialog = lazyRoot(host, () => import('../../islands/login/LoginDialog.tsx'));
  onModal('login', (show) => show && dialog({}));
}
