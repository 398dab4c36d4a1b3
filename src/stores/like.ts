import { map } from 'nanostores';
import { addLike, cancelLike, likeInfo } from '../lib/api/likes.ts';
import type { LikeState } from '../lib/contract/likes.ts';

export type { LikeState };

/** Things by type (1 article, 2 talk, 3 message, 4 comment) and id. */
export const likeKey = (type: number, forId: number) => `${type}:${forId}`;

/**
 * One like state per thing for the whole page, shared by every button that shows it: the article's
 * like under its body and the one above its comments are the same thing, so the two never disagree.
 */
export const $likes = map<Record<string, LikeState>>({});

const busy = new Set<string>();
// Things whose state in the store is the viewer's own (not a count from the shared server HTML).
const viewers = new Set<string>();
// Bumped by every change a click makes, so an answer to an older info request is not written over it.
const version = new Map<string, number>();

/** A state fresh from the server (a list the island fetched, or an answer): every button shows it. */
export function putLike(type: number, forId: number, state: LikeState): void {
  viewers.add(likeKey(type, forId));
  setLike(type, forId, state);
}

/**
 * A state from the server HTML, shared by every visitor (it never says the viewer liked): shown until
 * the viewer's own arrives, and never written over it.
 */
export function showLike(type: number, forId: number, state: LikeState): void {
  if (!viewers.has(likeKey(type, forId))) setLike(type, forId, state);
}

function setLike(type: number, forId: number, state: LikeState): void {
  const key = likeKey(type, forId);
  const old = $likes.get()[key];
  const next = { is_like: Boolean(state.is_like), count: Number(state.count) || 0 };
  if (old && old.is_like === next.is_like && old.count === next.count) return;
  $likes.setKey(key, next);
}

/** Asks the server for the viewer's like and the count (buttons whose list did not carry them). */
export async function loadLike(type: number, forId: number): Promise<void> {
  const key = likeKey(type, forId);
  const asked = version.get(key) ?? 0;
  try {
    const state = await likeInfo(type, forId, { quiet: true });
    if ((version.get(key) ?? 0) === asked) putLike(type, forId, state);
  } catch {
    // Unknown: show no like and 0, still clickable (the server answers a repeat with its message).
    if (!$likes.get()[key]) putLike(type, forId, { is_like: false, count: 0 });
  }
}

/**
 * Likes or unlikes a thing from its current state in the store; resolves with the new state, or null
 * when the state is unknown, a click on it is already on its way, or the server refused (shown by the
 * HTTP client).
 */
export async function toggleLike(type: number, forId: number): Promise<LikeState | null> {
  const key = likeKey(type, forId);
  const shown = $likes.get()[key];
  if (!shown || busy.has(key)) return null;
  busy.add(key);
  try {
    // A click on a state from the server HTML (an island hydrated by that very click): the viewer's
    // own state first; if it already is what the click asked for (liked before), that is the answer.
    if (!viewers.has(key)) {
      await loadLike(type, forId);
      if (viewers.has(key) && $likes.get()[key]?.is_like !== shown.is_like) return $likes.get()[key] ?? null;
    }
    const current = $likes.get()[key] ?? shown;
    version.set(key, (version.get(key) ?? 0) + 1);
    const next = await (current.is_like ? cancelLike : addLike)(type, forId);
    putLike(type, forId, next);
    return $likes.get()[key] ?? null;
  } catch {
    return null;
  } finally {
    busy.delete(key);
  }
}
