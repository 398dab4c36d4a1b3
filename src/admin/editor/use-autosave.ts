import { useEffect, useRef, useState } from 'react';
import { autosave } from '../../lib/api/admin/articles.ts';
import { newIdempotencyKey } from '../../lib/api/admin/idempotency.ts';
import type { EditorForm } from './form.ts';

/** What the editor shows of its autosave. */
export type AutosaveState = { kind: 'idle' | 'pending' | 'saving' | 'saved' | 'failed'; at?: string };

/** Quiet time after the last keystroke before the draft goes to the server. */
const DELAY_MS = 1500;

/**
 * A new article's draft is created by its first autosave: each send carries a key of its own (each
 * sends another draft; the server keeps one draft per author, so a repeat never makes a second row),
 * which lets the client ask again by itself when the answer is lost (lib/api/client.ts).
 */
const keyOf = (articleId: number) => (articleId ? undefined : newIdempotencyKey());

/**
 * Sends the form to PUT /api/article/autosave a moment after each change (the server keeps it, so a
 * closed tab loses nothing). `version` is the article's version the editor holds; the server answers
 * with the current one, and `onVersion` hears when another tab has saved a newer one.
 */
export function useAutosave(
  form: EditorForm | null,
  articleId: number,
  version: number | null,
  onVersion: (current: number) => void,
) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const sent = useRef<string | null>(null);
  const heard = useRef(onVersion);
  heard.current = onVersion;

  useEffect(() => {
    if (!form) return;
    const json = JSON.stringify(form);
    if (sent.current === null) {
      sent.current = json; // the form as loaded: nothing to send yet
      return;
    }
    if (json === sent.current) return;
    setState({ kind: 'pending' });
    const timer = setTimeout(() => {
      setState({ kind: 'saving' });
      autosave(
        { ...form, id: articleId || undefined, version: articleId ? version : undefined },
        false,
        keyOf(articleId),
      ).then(
        (r) => {
          sent.current = json;
          setState({ kind: 'saved', at: r.savedAt.slice(11, 19) });
          if (r.version !== null) heard.current(r.version);
        },
        () => setState({ kind: 'failed' }),
      );
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, articleId, version]);

  // A tab closed before the pause is over still sends what it has (keepalive outlives the page).
  useEffect(() => {
    if (!form) return;
    const flush = () => {
      const json = JSON.stringify(form);
      if (sent.current === null || json === sent.current) return;
      sent.current = json;
      void autosave(
        { ...form, id: articleId || undefined, version: articleId ? version : undefined },
        true,
        keyOf(articleId),
      );
    };
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [form, articleId, version]);

  /** After a save or a reload: this form is what the server holds (`resend` makes the draft follow it). */
  const settle = (f: EditorForm, resend = false) => {
    sent.current = resend ? '' : JSON.stringify(f);
    if (!resend) setState({ kind: 'idle' });
  };
  return { state, settle };
}
