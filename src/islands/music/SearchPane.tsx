import { useStore } from '@nanostores/react';
import { LoaderCircle, Search, X } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  afterPage,
  fromSearch,
  MUSIC_TOAST_MS,
  markActive,
  moreSearch,
  newSearch,
  SEARCH_PAGE_SIZE,
  type SearchPaging,
  type Song,
} from '../../lib/music-rules.ts';
import { $currentSong, $customerMusicList, addCustom, playSong } from '../../stores/music.ts';
import { toast } from '../../stores/toast.ts';
import { searchSongs } from './data.ts';
import styles from './panel.module.css';
import { SongTable } from './SongTable.tsx';

/**
 * Song search (docs/product.md#music-player, docs/product.md#music-search-paging): 20 a page, 点击加载更多～ /
 * 已经到底了 / 空空如也.
 */
export default function SearchPane() {
  const custom = useStore($customerMusicList);
  const current = useStore($currentSong);
  const [text, setText] = useState('');
  const [paging, setPaging] = useState<SearchPaging | null>(null);
  const [songs, setSongs] = useState<Song[]>([]);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const seq = useRef(0);

  const load = async (state: SearchPaging, fresh: boolean) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const page = await searchSongs(state.keywords, state.offset, SEARCH_PAGE_SIZE);
      if (mine !== seq.current) return;
      const next = afterPage(state, page.songs.length, page.hasMore);
      if (next.emptyToast) toast('没有相关的歌曲', 'warning', undefined, MUSIC_TOAST_MS);
      setPaging({ keywords: next.keywords, offset: next.offset, loadMore: next.loadMore });
      const reshaped = page.songs.map((s) => fromSearch(s));
      setSongs((prev) => (fresh ? reshaped : [...prev, ...reshaped]));
      setSearched(true);
    } catch (err) {
      if (mine === seq.current) toast((err as Error).message, 'error', '错误提示');
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  const submit = () => {
    const state = newSearch(text);
    if (!state) return clear();
    // A new search starts at offset 0 with the list scrolled to the top.
    listRef.current?.scrollTo({ top: 0 });
    setSongs([]);
    void load(state, true);
  };

  const clear = () => {
    seq.current++;
    setText('');
    setPaging(null);
    setSongs([]);
    setSearched(false);
    setLoading(false);
  };

  const list = markActive(songs, custom);
  return (
    <div className={styles.search}>
      <form
        className={styles.searchBar}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={styles.inputWrap}>
          <input
            type="search"
            value={text}
            placeholder="请输入歌名或歌手"
            aria-label="歌曲搜索"
            maxLength={100}
            onChange={(e) => {
              setText(e.currentTarget.value);
              // An emptied box clears the results without a request (docs/product.md#other-rules).
              if (!e.currentTarget.value.trim()) clear();
            }}
          />
          {text && (
            <button type="button" className={styles.clear} aria-label="清空" onClick={clear}>
              <X size={14} />
            </button>
          )}
        </div>
        <button type="submit" className="btn btn-primary">
          <Search size={16} aria-hidden="true" /> 搜索
        </button>
      </form>
      <div className={styles.scroll} ref={listRef} data-search-results>
        {list.length > 0 && (
          <SongTable
            songs={list}
            currentId={current?.id}
            onPlay={(song) => void playSong(song)}
            onAdd={(song) => addCustom({ ...song, active: true })}
          />
        )}
        {searched && !list.length && !loading && <p className={styles.empty}>空空如也</p>}
        {loading && <LoaderCircle className={styles.spin} size={20} aria-label="加载中" />}
        {!loading && paging && list.length > 0 && paging.loadMore && (
          <button type="button" className={styles.more} onClick={() => void load(moreSearch(paging), false)}>
            点击加载更多～
          </button>
        )}
        {!loading && paging && list.length > 0 && !paging.loadMore && (
          <p className={styles.end}>已经到底了</p>
        )}
      </div>
    </div>
  );
}
