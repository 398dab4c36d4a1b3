import { useStore } from '@nanostores/react';
import {
  ListMusic,
  LoaderCircle,
  LogIn,
  LogOut,
  MicVocal,
  Pause,
  Play,
  Repeat,
  Repeat1,
  Search,
  Shuffle,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
  X,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { wapi } from '../../lib/api/music.ts';
import { formatClock } from '../../lib/format.ts';
import {
  artistNames,
  LIST_PAGE_SIZE,
  markActive,
  type Song,
  sliderToVolume,
  volumeToSlider,
} from '../../lib/music-rules.ts';
import {
  $currentSong,
  $customerMusicList,
  $musicAccount,
  $musicLoading,
  $player,
  addCustom,
  cyclePlayModel,
  playSong,
  removeCustom,
  seekPercent,
  setVolume,
  showLyricBoard,
  showPlayer,
  skip,
  togglePlay,
} from '../../stores/music.ts';
import { toast } from '../../stores/toast.ts';
import { useFocusReturn } from '../common/use-focus-return.ts';
import {
  $categories,
  $categoriesLoading,
  type Category,
  loadAccountAndCategories,
  loadTracks,
} from './data.ts';
import styles from './panel.module.css';
import { SongTable } from './SongTable.tsx';

const SearchPane = lazy(() => import('./SearchPane.tsx'));
const LoginPanel = lazy(() => import('./LoginPanel.tsx'));

type View = { kind: 'search' } | { kind: 'custom' } | { kind: 'list'; category: Category };

const MODE_LABEL = { RANDOM: '随机播放', LISTLOOP: '列表循环', SINGLECYCLE: '单曲循环' } as const;

/**
 * The player panel: categories left, songs right, control bar at the bottom (docs/product.md#music-player).
 */
export default function PlayerPanel({ open }: { open: boolean }) {
  const categories = useStore($categories);
  const categoriesLoading = useStore($categoriesLoading);
  const account = useStore($musicAccount);
  const [view, setView] = useState<View | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  useFocusReturn(open, panelRef);

  useEffect(() => {
    void loadAccountAndCategories();
  }, []);

  // The first category is shown until the visitor picks something.
  useEffect(() => {
    if (view?.kind === 'list' && !categories.some((c) => c.id === view.category.id)) setView(null);
  }, [categories, view]);
  const shown: View | null = view ?? (categories[0] ? { kind: 'list', category: categories[0] } : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !$player.get().showLyricBoard) showPlayer(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const logout = async () => {
    try {
      await wapi('logout');
      toast('已退出音乐账号', 'success', '提示', 1000);
    } catch (err) {
      toast((err as Error).message, 'error', '错误提示');
    }
    setView(null);
    await loadAccountAndCategories();
  };

  return (
    <section ref={panelRef} className={styles.panel} hidden={!open} aria-label="音乐播放器" data-music-panel>
      <header className={styles.top}>
        <strong className={styles.heading}>音乐播放器</strong>
        <div className={styles.account} data-music-account={account ? account.userId : 'anonymous'}>
          {account ? (
            <>
              {account.avatarUrl ? (
                <img className={styles.avatar} src={account.avatarUrl} alt="" width={24} height={24} />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {account.nickname.slice(0, 1)}
                </span>
              )}
              <span className={styles.nick}>{account.nickname}</span>
              <button type="button" className="icon-btn" aria-label="退出音乐账号" onClick={logout}>
                <LogOut size={16} />
              </button>
            </>
          ) : (
            <button type="button" className={styles.textBtn} onClick={() => setLoginOpen(true)}>
              <LogIn size={16} aria-hidden="true" /> 扫码登录
            </button>
          )}
        </div>
        <button type="button" className="icon-btn" aria-label="关闭播放器" onClick={() => showPlayer(false)}>
          <X size={18} />
        </button>
      </header>
      <div className={styles.body}>
        <nav className={styles.side} aria-label="歌单分类">
          <button
            type="button"
            className={styles.cat}
            data-active={shown?.kind === 'search'}
            onClick={() => setView({ kind: 'search' })}
          >
            <Search size={16} aria-hidden="true" /> 搜索歌曲
          </button>
          <button
            type="button"
            className={styles.cat}
            data-active={shown?.kind === 'custom'}
            onClick={() => setView({ kind: 'custom' })}
          >
            <ListMusic size={16} aria-hidden="true" /> 我的歌单
          </button>
          <div className={styles.sideTitle}>{account ? '我的音乐' : '推荐歌单'}</div>
          {categoriesLoading && !categories.length && <LoaderCircle className={styles.spin} size={18} />}
          {categories.map((c) => (
            <button
              type="button"
              key={c.id}
              className={styles.cat}
              data-active={shown?.kind === 'list' && shown.category.id === c.id}
              onClick={() => setView({ kind: 'list', category: c })}
              title={c.name}
            >
              <img src={c.coverImgUrl} alt="" width={28} height={28} loading="lazy" />
              <span>{c.name}</span>
            </button>
          ))}
        </nav>
        <div className={styles.main}>
          {shown?.kind === 'search' && (
            <Suspense fallback={<LoaderCircle className={styles.spin} size={20} />}>
              <SearchPane />
            </Suspense>
          )}
          {shown?.kind === 'custom' && <CustomList />}
          {shown?.kind === 'list' && <PlaylistSongs key={shown.category.id} category={shown.category} />}
        </div>
      </div>
      <ControlBar />
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginPanel
            onClose={() => setLoginOpen(false)}
            onSuccess={async () => {
              setLoginOpen(false);
              setView(null);
              await loadAccountAndCategories();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** A playlist's songs, 30 a page, loaded by infinite scroll until an empty page. */
function PlaylistSongs({ category }: { category: Category }) {
  const custom = useStore($customerMusicList);
  const current = useStore($currentSong);
  const [songs, setSongs] = useState<Song[]>([]);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || done) return;
    const more = async () => {
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      try {
        const page = await loadTracks(category.id, songs.length, LIST_PAGE_SIZE);
        if (!page.length) setDone(true);
        else setSongs((prev) => [...prev, ...page]);
      } catch (err) {
        toast((err as Error).message, 'error', '错误提示');
        setDone(true);
      } finally {
        busy.current = false;
        setLoading(false);
      }
    };
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void more();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [category.id, songs.length, done]);

  const list = markActive(songs, custom);
  return (
    <div className={styles.scroll} data-playlist={category.name}>
      <SongTable
        songs={list}
        currentId={current?.id}
        onPlay={(song) => void playSong(song, { from: 'TOP', list: songs })}
        onAdd={addCustom}
      />
      {done && !songs.length && <p className={styles.empty}>空空如也</p>}
      {done && songs.length > 0 && <p className={styles.end}>已经到底了</p>}
      {loading && <LoaderCircle className={styles.spin} size={20} />}
      <div ref={sentinel} className={styles.sentinel} />
    </div>
  );
}

function CustomList() {
  const custom = useStore($customerMusicList);
  const current = useStore($currentSong);
  return (
    <div className={styles.scroll} data-playlist="我的歌单">
      {custom.length ? (
        <SongTable
          songs={custom}
          currentId={current?.id}
          onPlay={(song) => void playSong(song, { from: 'CUSTOM' })}
          onRemove={(song) => removeCustom(song.id)}
        />
      ) : (
        <p className={styles.empty}>空空如也</p>
      )}
    </div>
  );
}

/** Bottom control bar: song, previous/play/next, progress, mode, volume, lyric board. */
function ControlBar() {
  const player = useStore($player);
  const song = useStore($currentSong);
  const loading = useStore($musicLoading);
  const [dragging, setDragging] = useState<number | null>(null);
  const ModeIcon =
    player.playModel === 'RANDOM' ? Shuffle : player.playModel === 'SINGLECYCLE' ? Repeat1 : Repeat;
  const percent = dragging ?? player.currentSchedule;
  const volume = volumeToSlider(player.volume);
  return (
    <footer className={styles.bar}>
      <div className={styles.now}>
        {song?.al?.picUrl ? (
          <img className={styles.cover} src={song.al.picUrl} alt="" width={44} height={44} />
        ) : (
          <span className={styles.cover} />
        )}
        <div className={styles.nowText}>
          <span className={styles.nowName} data-now-playing>
            {song ? song.name : '未在播放'}
          </span>
          <span className={styles.nowArtist}>{song ? artistNames(song) : ''}</span>
        </div>
      </div>
      <div className={styles.buttons}>
        <button type="button" className="icon-btn" aria-label="上一首" onClick={() => void skip(-1)}>
          <SkipBack size={18} />
        </button>
        <button
          type="button"
          className={`icon-btn ${styles.play}`}
          aria-label={player.isPaused ? '播放' : '暂停'}
          onClick={togglePlay}
          data-music-toggle
        >
          {loading ? (
            <LoaderCircle className={styles.spin} size={20} />
          ) : player.isPaused ? (
            <Play size={20} />
          ) : (
            <Pause size={20} />
          )}
        </button>
        <button type="button" className="icon-btn" aria-label="下一首" onClick={() => void skip(1)}>
          <SkipForward size={18} />
        </button>
      </div>
      <div className={styles.progress}>
        <span className={styles.time}>{formatClock(player.currentTime)}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={0.01}
          value={percent}
          aria-label="播放进度"
          aria-valuetext={`${percent.toFixed(2)}%`}
          data-progress={player.currentSchedule.toFixed(2)}
          onChange={(e) => setDragging(Number(e.currentTarget.value))}
          onPointerUp={(e) => {
            seekPercent(Number(e.currentTarget.value));
            setDragging(null);
          }}
          onKeyUp={(e) => {
            // Only a key that moved the slider seeks (Tab landing on it does not).
            if (dragging === null) return;
            seekPercent(Number(e.currentTarget.value));
            setDragging(null);
          }}
        />
        <span className={styles.time}>{formatClock(player.duration)}</span>
      </div>
      <div className={styles.extra}>
        <button
          type="button"
          className="icon-btn"
          aria-label={MODE_LABEL[player.playModel]}
          title={MODE_LABEL[player.playModel]}
          data-play-model={player.playModel}
          onClick={cyclePlayModel}
        >
          <ModeIcon size={18} />
        </button>
        <label className={styles.volume}>
          {volume === 0 ? <VolumeX size={16} aria-hidden="true" /> : <Volume2 size={16} aria-hidden="true" />}
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={volume}
            aria-label="音量"
            onChange={(e) => setVolume(sliderToVolume(Number(e.currentTarget.value)))}
          />
        </label>
        <button
          type="button"
          className="icon-btn"
          aria-label="歌词"
          title="歌词"
          onClick={() => showLyricBoard(true)}
        >
          <MicVocal size={18} />
        </button>
      </div>
    </footer>
  );
}
