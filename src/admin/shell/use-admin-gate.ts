import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { checkToken } from '../../lib/api/admin/session.ts';
import { HttpError } from '../../lib/api/client.ts';
import { getUser } from '../../lib/api/users.ts';
import { ROLE } from '../../lib/role.ts';
import { $token, $userInfo, clearSession } from '../../stores/session.ts';
import { openLogin } from '../../stores/ui.ts';
import { $gate, $self, type Gate } from '../stores.ts';

/**
 * Who may see the console. The token is in the browser (the site keeps it in local storage, not in a
 * cookie), so the server renders the same shell for everyone and this decides after load:
 *
 * - no session: `guest`, and the site's login dialog opens; once a login succeeds the page reloads
 *   into the console;
 * - a session: the token is checked with the server (a call that needs it, so an expired or revoked
 *   token ends the session and asks for a login) and the role is read from the database through
 *   GET /api/user/getUserInfoById, not from what the browser stored: `admin` or `forbidden`.
 *
 * This only decides what is shown: every /api write of the console refuses a non-admin itself.
 */
export function useAdminGate(): Gate {
  const token = useStore($token);
  const user = useStore($userInfo);
  const gate = useStore($gate);
  const wasGuest = useRef(false);
  useEffect(() => {
    if (!token || !user) {
      wasGuest.current = true;
      $gate.set('guest');
      openLogin();
      return;
    }
    if (wasGuest.current) {
      window.location.reload();
      return;
    }
    let live = true;
    Promise.all([checkToken(), getUser(user.id, { quiet: true })]).then(
      ([, fresh]) => {
        if (!live) return;
        $self.set(fresh);
        $gate.set(fresh.role === ROLE.admin ? 'admin' : 'forbidden');
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof HttpError && err.status === 401) clearSession();
        else $gate.set(user.role === ROLE.admin ? 'admin' : 'forbidden');
      },
    );
    return () => {
      live = false;
    };
  }, [token, user]);
  return gate;
}
