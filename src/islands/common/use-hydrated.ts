import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server HTML (and on the server), true from the next render on; true at once in
 * a root created on the client. Live state (the signed-in user, the chat socket, local storage) renders only
 * when this is true, so the first client render matches the server HTML (React errors #418/#423/#425).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
