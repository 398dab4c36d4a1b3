import { atom } from 'nanostores';

/** Whether the site search dialog is open (the header button and Ctrl/⌘+K open it). */
export const $searchOpen = atom(false);
