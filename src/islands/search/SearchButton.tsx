import { useStore } from '@nanostores/react';
import { Search } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { $searchOpen } from '../../stores/search.ts';

/** The header's search button. */
export function SearchButton() {
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="搜索"
      title="搜索 (Ctrl+K)"
      aria-haspopup="dialog"
      onClick={() => $searchOpen.set(true)}
      data-search-open
    >
      <Search size={20} />
    </button>
  );
}

/**
 * Always mounted in the header: Ctrl/⌘+K opens the search dialog anywhere, and the dialog's code
 * loads the first time it is opened.
 */
export function SearchHost() {
  const open = useStore($searchOpen);
  const [Dialog, setDialog] = useState<ComponentType<{ onClose: () => void }> | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        $searchOpen.set(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (open && !Dialog) import('./SearchDialog.tsx').then((m) => setDialog(() => m.default));
  }, [open, Dialog]);

  return open && Dialog ? <Dialog onClose={() => $searchOpen.set(false)} /> : null;
}
