/**
 * The wiring of the API client (client.ts) to the stores: the session's token, the toasts and the
 * login dialog, installed once by src/stores/api.ts. Its own module so that the client and its
 * toasts of failed calls (errors.ts, loaded with the first failure) both reach it without importing
 * each other.
 */

export type ApiToastKind = 'error' | 'warning';

/** What the client needs from the stores. */
export type ApiHooks = {
  /** The signed-in user's token, or ''. */
  token(): string;
  toast(message: string, kind: ApiToastKind, title: string): void;
  /** A 401: the session is over (clear it, ask for a login). */
  unauthorized(): void;
};

let hooks: ApiHooks | undefined;

/** The wiring, once installed (the client and its toasts, errors.ts, go through it). */
export const apiHooks = (): ApiHooks | undefined => hooks;
let installed: (h: ApiHooks) => void = () => {};
/** Resolves once installApi() has run: a call made before waits for it. */
export const apiReady = new Promise<ApiHooks>((resolve) => {
  installed = resolve;
});

/** Wires the client to the session, toast and login stores (once, by src/stores/api.ts). */
export function installApi(h: ApiHooks): void {
  hooks = h;
  installed(h);
}

/** A toast through the stores, for lib code that reports its own failures (uploads). */
export const apiToast = (message: string, kind: ApiToastKind, title: string): void =>
  hooks?.toast(message, kind, title);
