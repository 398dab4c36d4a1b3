import { navigate } from 'astro:transitions/client';
import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { readJson, writeJson } from '../../browser/storage.ts';
import { hotArticles, searchArticles } from '../../lib/api/articles.ts';
import type { SearchHit as Hit, HotArticle as Hot } from '../../lib/contract/articles.ts';
import {
  addToHistory,
  cleanHistory,
  highlight,
  MAX_QUERY,
  moveActive,
  normalizeQuery,
  removeFromHistory,
  SEARCH_HISTORY_KEY,
} from '../../lib/search.ts';
import { useModalDialog } from '../common/use-modal-dialog.ts';
import styles from './search.module.css';

const DEBOUNCE_MS = 300;

/** Text with the query's occurrences in <mark>: React escapes every part, nothing is parsed as HTML. */
function Marked({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlight(text, query).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered.
        part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

/**
 * The search dialog (docs/product.md#search-dialog). Empty query: the search history (newest first,
 * removable) and the hot list (numbered icons for the first 5). Text: results after a short pause, the hit
 * marked in title and excerpt. ↑/↓ and Enter choose; choosing opens /article?id= and keeps the query in the
 * history.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const ref = useModalDialog(onClose);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Hit[] | null>(null);
  const [searched, setSearched] = useState('');
  const [loading, setLoading] = useState(false);
  const [history, setHistory] = useState<string[]>(() => cleanHistory(readJson(SEARCH_HISTORY_KEY)));
  const [hot, setHot] = useState<Hot[] | null>(null);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);
  const q = normalizeQuery(query);

  useEffect(() => {
    inputRef.current?.focus();
    let live = true;
    hotArticles()
      .then((list) => live && setHot(list))
      .catch(() => live && setHot([]));
    return () => {
      live = false;
    };
  }, []);

  // Debounced search; an answer to an older query is dropped.
  useEffect(() => {
    const mine = ++seq.current;
    setActive(-1);
    if (!q) {
      setResults(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      searchArticles(q)
        .then((list) => {
          if (mine !== seq.current) return;
          setResults(list);
          setSearched(q);
          setActive(list.length ? 0 : -1);
        })
        .catch(() => mine === seq.current && setResults([]))
        .finally(() => mine === seq.current && setLoading(false));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`search-opt-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const saveHistory = (next: string[]) => {
    setHistory(next);
    writeJson(SEARCH_HISTORY_KEY, next);
  };

  const options: { id: number }[] = q ? (results ?? []) : (hot ?? []);

  function choose(id: number, record: boolean) {
    if (record && q) saveHistory(addToHistory(history, q));
    onClose();
    void navigate(`/article?id=${id}`);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Esc closes at once (a search field would otherwise spend it on clearing itself).
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => moveActive(i, e.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const picked = options[active];
      if (picked) choose(picked.id, Boolean(q));
    }
  }

  const optionProps = (index: number, id: number, record: boolean) => ({
    id: `search-opt-${index}`,
    role: 'option' as const,
    'aria-selected': index === active,
    className: index === active ? `${styles.option} ${styles.active}` : styles.option,
    onMouseMove: () => index !== active && setActive(index),
    onClick: () => choose(id, record),
  });

  const expanded = options.length > 0;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-label="搜索文章"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      data-search-dialog
    >
      <div className={styles.bar}>
        <Search size={18} aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          value={query}
          maxLength={MAX_QUERY}
          placeholder="搜索文章标题或内容"
          aria-label="搜索文章标题或内容"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? 'search-listbox' : undefined}
          aria-activedescendant={active >= 0 ? `search-opt-${active}` : undefined}
          enterKeyHint="search"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={styles.close} onClick={onClose}>
          取消
        </button>
      </div>

      <div className={styles.body}>
        {q ? (
          <>
            {loading && !results && <p className={styles.state}>搜索中…</p>}
            {results && results.length === 0 && !loading && <p className={styles.state}>空空如也</p>}
            {results && results.length > 0 && (
              <div id="search-listbox" role="listbox" aria-label="搜索结果" className={styles.list}>
                {results.map((hit, i) => (
                  <div key={hit.id} {...optionProps(i, hit.id, true)} data-search-result={hit.id}>
                    <span className={styles.title}>
                      <Marked text={hit.article_title} query={searched} />
                    </span>
                    <span className={styles.excerpt}>
                      <Marked text={hit.article_content} query={searched} />
                    </span>
                  </div>
                ))}
              </div>
            )}
          </>
        ) : (
          <>
            {history.length > 0 && (
              <section className={styles.section} aria-labelledby="search-history-title" data-search-history>
                <div className={styles.sectionHead}>
                  <h3 id="search-history-title">搜索历史</h3>
                  <button type="button" className={styles.clear} onClick={() => saveHistory([])}>
                    清空
                  </button>
                </div>
                <ul className={styles.chips}>
                  {history.map((item) => (
                    <li key={item} className={styles.chip}>
                      <button type="button" onClick={() => setQuery(item)}>
                        {item}
                      </button>
                      <button
                        type="button"
                        aria-label={`删除搜索记录 ${item}`}
                        onClick={() => {
                          saveHistory(removeFromHistory(history, item));
                          // The button is gone after this: keep focus (and Esc, arrows) in the field.
                          inputRef.current?.focus();
                        }}
                      >
                        <X size={12} />
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className={styles.section} aria-labelledby="search-hot-title" data-search-hot>
              <div className={styles.sectionHead}>
                <h3 id="search-hot-title">热门文章</h3>
              </div>
              {hot === null ? (
                <p className={styles.state}>加载中…</p>
              ) : hot.length === 0 ? (
                <p className={styles.state}>空空如也</p>
              ) : (
                <div id="search-listbox" role="listbox" aria-label="热门文章" className={styles.list}>
                  {hot.map((item, i) => (
                    <div key={item.id} {...optionProps(i, item.id, false)} data-search-hot-item={item.id}>
                      <span className={styles.hotRow}>
                        {i < 5 && (
                          <span className={styles.rank} data-rank={i + 1} aria-hidden="true">
                            {i + 1}
                          </span>
                        )}
                        <span className={styles.title}>{item.article_title}</span>
                      </span>
                    </div>
                  ))}
                </div>
              )}
            </section>
          </>
        )}
      </div>
      <p className={styles.hint} aria-hidden="true">
        <kbd>↑</kbd>
        <kbd>↓</kbd> 选择 <kbd>Enter</kbd> 打开 <kbd>Esc</kbd> 关闭
      </p>
    </dialog>
  );
}
