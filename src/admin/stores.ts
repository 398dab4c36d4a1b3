import { atom } from 'nanostores';

/** The console's own state (the session, toasts and theme are the site's stores). */

/** The sidebar as a drawer, on narrow screens. */
export const $drawerOpen = atom(false);

/** Who is looking at the console, as far as the browser knows (the API decides for real). */
export type Gate = 'checking' | 'guest' | 'forbidden' | 'admin';
export const $gate = atom<Gate>('checking');
