import { atom } from 'nanostores';
import { SESSION_EVENT } from '../browser/interaction.ts';
import { isUnreadableSecret, readJson, remove, writeJson } from '../browser/storage.ts';
import { logout } from '../lib/api/logout.ts';

/**
 * The user info (docs/product.md#accounts-and-session): id, nick_name, avatar, role (1 admin); qq and the
 * own username when known.
 */
export type UserInfo = {
  id: number;
  nick_name: string;
  avatar: string;
  role: number;
  qq?: string;
  username?: string;
};

/**
 * Session state: kept in session storage per store, restored on load; the user info and the token
 * are also kept (encrypted) in local storage under userInfo / token so a new tab stays signed in.
 */
function restore<T>(key: string): T | undefined {
  return readJson<T>(key, 'session', true) ?? readJson<T>(key, 'local', true);
}

const SECRETS = ['token', 'userInfo'] as const;
const FLAGS = ['tokenFlag', 'infoFlag'] as const;

/**
 * docs/product.md#browser-storage: a stored secret that fails to decrypt clears the user info. The token
 * goes with it (a token without its user is a half session), so the visitor simply starts signed out.
 */
const unreadable = SECRETS.some((k) => isUnreadableSecret(k, 'session') || isUnreadableSecret(k, 'local'));
if (unreadable) {
  for (const k of SECRETS) {
    remove(k, 'session');
    remove(k, 'local');
  }
  for (const f of FLAGS) remove(f);
}

export const $token = atom<string>((!unreadable && restore<string>('token')) || '');
export const $userInfo = atom<UserInfo | null>((!unreadable && restore<UserInfo>('userInfo')) || null);

function persist<T>(key: string, flag: string, value: T | null | '') {
  if (value) {
    writeJson(key, value, 'session', true);
    writeJson(key, value, 'local', true);
    writeJson(flag, true);
  } else {
    remove(key, 'session');
    remove(key, 'local');
    remove(flag);
  }
}
$token.listen((v) => {
  persist('token', 'tokenFlag', v);
  // Deferred islands decide again whether to hydrate, from the keys just stored (browser/interaction.ts).
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
});
$userInfo.listen((v) => persist('userInfo', 'infoFlag', v));

export function setSession(token: string, user: UserInfo): void {
  $token.set(token);
  $userInfo.set(user);
}

export function clearSession(): void {
  $token.set('');
  $userInfo.set(null);
}

/**
 * Ends the token on the server too (POST /api/user/logout bumps the token version). Sent with the
 * token in hand before the session is cleared, without waiting: the visitor is signed out at once
 * and a failed call changes nothing for them.
 */
export function endServerSession(token = $token.get()): void {
  if (!token) return;
  void logout(token);
}
