import { useState } from 'react';

/**
 * One row's action at a time: `busy` is the row whose buttons wait while its call runs, then none. A
 * refusal needs no handling here: the API envelope has already shown its Chinese message.
 */
export function useRowAction() {
  const [busy, setBusy] = useState<number | null>(null);
  const act = async (id: number, run: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await run();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(null);
    }
  };
  return { busy, act };
}
