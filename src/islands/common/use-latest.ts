import { useLayoutEffect, useRef } from 'react';

/**
 * The latest value of a prop (usually a callback) behind a ref that never changes. An effect that
 * calls a parent's inline callback must not list the callback as a dependency: the parent makes a new
 * one on every render, so the effect would re-run (and re-fetch) on every render, and when the
 * callback itself makes the parent render, without end (getCommentTotal was once asked for in a loop).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
