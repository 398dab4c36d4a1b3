import { installApi } from '../lib/api/client.ts';
import { $token, clearSession } from './session.ts';
import { toast } from './toast.ts';
import { openLogin } from './ui.ts';

/**
 * Wires the API client (src/lib/api) to the stores: the session's token, the toast stack and the login
 * dialog (docs/product.md#failed-calls: a 401 ends the session and asks for a login). The chrome imports
 * this on every page, so every island's calls find it installed.
 */
installApi({
  token: () => $token.get(),
  toast: (message, kind, title) => void toast(message, kind, title),
  unauthorized: () => {
    clearSession();
    openLogin();
  },
});
