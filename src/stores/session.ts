import { atom } from 'nanostores';
import { readJson, remove, writeJson } from '../lib/storage.ts';

/** SPEC §3 user info: id, nick_name, avatar, role (1 admin). */
export type UserInfo = { id: number; nick_name: string; avatar: string; role: number; qq?: string };

/**
 * Session state: kept in session storage per store, restored on load; the user info and the token
 * are also kept (encrypted) in local storage under userInfo / token so a new tab stays signed in.
 */
function restore<T>(key: string): T | undefined {
  return readJson<T>(key, 'session', true) ?? readJson<T>(key, 'local', true);
}

export const $token = atom<string>(restore<string>('token') ?? '');
export const $userInfo = atom<UserInfo | null>(restore<UserInfo>('userInfo') ?? null);

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
$token.listen((v) => persist('token', 'tokenFlag', v));
$userInfo.listen((v) => persist('userInfo', 'infoFlag', v));

export const isSignedIn = () => Boolean($token.get());

export function setSession(token: string, user: UserInfo): void {
  $token.set(token);
  $userInfo.set(user);
}

export function clearSession(): void {
  $token.set('');
  $userInfo.set(null);
}
