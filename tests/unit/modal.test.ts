import { beforeAll, describe, expect, it, vi } from 'vitest';

/** A session storage for the store to restore from and persist to. */
const stored = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
});

let modal: typeof import('../../src/stores/modal.ts');
let storage: typeof import('../../src/browser/storage.ts');

beforeAll(async () => {
  storage = await import('../../src/browser/storage.ts');
  // A tab whose login dialog was open before a reload (the show-login flag is session state).
  storage.writeJson('showLogin', true, 'session');
  modal = await import('../../src/stores/modal.ts');
});

describe('$activeModal: one modal at a time', () => {
  it('restores an open login dialog from the session flag', () => {
    expect(modal.$activeModal.get()).toBe('login');
  });

  it('opening one modal closes the other, and the login flag follows', () => {
    modal.openModal('search');
    expect(modal.$activeModal.get()).toBe('search');
    expect(storage.readJson('showLogin', 'session')).toBe(false);
    modal.openModal('notify');
    expect(modal.$activeModal.get()).toBe('notify');
    modal.openModal('login');
    expect(storage.readJson('showLogin', 'session')).toBe(true);
  });

  it('closing a modal that is no longer the open one changes nothing', () => {
    modal.openModal('search');
    modal.closeModal('login');
    expect(modal.$activeModal.get()).toBe('search');
    modal.closeModal('search');
    expect(modal.$activeModal.get()).toBeNull();
  });

  it('onModal reports each opening and closing of one modal once', () => {
    const seen: boolean[] = [];
    const stop = modal.onModal('notify', (open) => seen.push(open));
    modal.openModal('search');
    modal.openModal('notify');
    modal.openModal('notify');
    modal.openModal('login');
    stop();
    modal.openModal('notify');
    expect(seen).toEqual([false, true, false]);
  });
});
