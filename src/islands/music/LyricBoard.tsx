import { useStore } from '@nanostores/react';
import { Minus, Pause, Play, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { lineGap } from '../../lib/lrc.ts';
import { artistNames, CONTROLS_HIDE_MS, FOLLOW_PAUSE_MS, type FontKind } from '../../lib/music-rules.ts';
import {
  $currentSong,
  $fontSizes,
  $musicInfo,
  $player,
  changeFontSize,
  seekMs,
  setLyricType,
  showLyricBoard,
  togglePlay,
} from '../../stores/music.ts';
import { useFocusReturn } from '../common/use-focus-return.ts';
import styles from './board.module.css';

const FONT_LABEL: Record<FontKind, string> = { title: '标题', author: '歌手', lyric: '歌词' };

/**
 * Full-screen lyric board (docs/product.md#playback): COMMON scrolls with the current line highlighted and
 * centred (click a line to seek); SPECIAL shows one large line fading by the gap to the next.
 * Controls hide after 2 s without pointer movement; a manual scroll pauses following for 1 s.
 */
export default function LyricBoard({ open }: { open: boolean }) {
  const player = useStore($player);
  const info = useStore($musicInfo);
  const song = useStore($currentSong);
  const sizes = useStore($fontSizes);
  const [controls, setControls] = useState(true);
  const boardRef = useRef<HTMLDivElement>(null);
  useFocusReturn(open, boardRef);
  const listRef = useRef<HTMLOListElement>(null);
  const followPausedUntil = useRef(0);
  const programmatic = useRef(false);

  // Controls auto-hide after 2 s of stillness.
  useEffect(() => {
    if (!open) return;
    let timer = window.setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
    const wake = (e?: Event) => {
      setControls(true);
      window.clearTimeout(timer);
      // A pointer resting on the controls keeps them shown.
      if ((e?.target as Element | null)?.closest?.('[data-board-controls]')) return;
      timer = window.setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') showLyricBoard(false);
      else wake(e);
    };
    window.addEventListener('pointermove', wake);
    window.addEventListener('pointerdown', wake);
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const index = player.currentLyricIndex;
  const lines = info?.lyricList ?? [];

  // Follow the current line: centre it unless the visitor scrolled in the last second.
  useEffect(() => {
    if (!open || player.lyricType !== 'COMMON') return;
    const list = listRef.current;
    const line = list?.querySelector<HTMLElement>(`[data-index="${Math.max(0, index)}"]`);
    if (!list || !line || Date.now() < followPausedUntil.current) return;
    programmatic.current = true;
    list.scrollTo({
      top: line.offsetTop - list.clientHeight / 2 + line.clientHeight / 2,
      behavior: 'smooth',
    });
    window.setTimeout(() => {
      programmatic.current = false;
    }, 400);
  }, [index, open, player.lyricType]);

  const onManualScroll = () => {
    if (!programmatic.current) followPausedUntil.current = Date.now() + FOLLOW_PAUSE_MS;
  };

  const gap = info ? lineGap(info.lyricTimeList, index, player.duration * 1000) : 0;
  const special = lines[index];

  return (
    <div
      ref={boardRef}
      className={styles.board}
      hidden={!open}
      role="dialog"
      aria-modal="true"
      aria-label="歌词"
      data-lyric-board
      data-lyric-type={player.lyricType}
      data-controls={controls ? 'shown' : 'hidden'}
      style={
        song?.al?.picUrl ? ({ '--cover': `url("${song.al.picUrl}")` } as React.CSSProperties) : undefined
      }
    >
      <div className={styles.backdrop} />
      <div className={styles.controls} data-board-controls>
        <div className={styles.group}>
          {(['COMMON', 'SPECIAL'] as const).map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={player.lyricType === type}
              className={styles.chip}
              onClick={() => setLyricType(type)}
            >
              {type === 'COMMON' ? '滚动歌词' : '单行歌词'}
            </button>
          ))}
        </div>
        {(['title', 'author', 'lyric'] as const).map((kind) => (
          <div key={kind} className={styles.group}>
            <button
              type="button"
              className={styles.round}
              aria-label={`${FONT_LABEL[kind]}字号减小`}
              onClick={() => changeFontSize(kind, -1)}
            >
              <Minus size={14} />
            </button>
            <span className={styles.size} data-font-size={kind}>
              {FONT_LABEL[kind]} {sizes[kind].toFixed(1)}
            </span>
            <button
              type="button"
              className={styles.round}
              aria-label={`${FONT_LABEL[kind]}字号增大`}
              onClick={() => changeFontSize(kind, 1)}
            >
              <Plus size={14} />
            </button>
          </div>
        ))}
        <button
          type="button"
          className={styles.round}
          aria-label={player.isPaused ? '播放' : '暂停'}
          onClick={togglePlay}
        >
          {player.isPaused ? <Play size={16} /> : <Pause size={16} />}
        </button>
        <button
          type="button"
          className={styles.round}
          aria-label="关闭歌词"
          onClick={() => showLyricBoard(false)}
        >
          <X size={16} />
        </button>
      </div>
      <div className={styles.head}>
        <h2 style={{ fontSize: `${sizes.title}rem` }}>{song?.name ?? '未在播放'}</h2>
        {sizes.author > 0 && (
          <p style={{ fontSize: `${sizes.author}rem` }}>{song ? artistNames(song) : ''}</p>
        )}
      </div>
      {!lines.length ? (
        <p className={styles.none}>{info ? '纯音乐，请欣赏' : '点击播放开始听歌吧～'}</p>
      ) : player.lyricType === 'COMMON' ? (
        <ol
          className={styles.lines}
          ref={listRef}
          onScroll={onManualScroll}
          onWheel={() => {
            followPausedUntil.current = Date.now() + FOLLOW_PAUSE_MS;
          }}
          style={{ fontSize: `${sizes.lyric}rem` }}
        >
          {lines.map((line, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: lines repeat (choruses); the index is the identity.
              key={i}
              data-index={i}
              data-lyric-line
              data-active={i === index}
              aria-current={i === index ? 'true' : undefined}
            >
              <button type="button" onClick={() => seekMs(line.time)}>
                <span>{line.text || '♪'}</span>
                {line.trans && <small>{line.trans}</small>}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <div className={styles.special} style={{ fontSize: `${sizes.lyric * 1.5}rem` }}>
          {special && (
            <p
              key={`${index}-${special.time}`}
              data-lyric-line
              data-active="true"
              className={gap >= 1000 ? styles.fade : undefined}
              style={gap >= 1000 ? { animationDuration: `${gap}ms` } : undefined}
            >
              {special.text}
              {special.trans && <small>{special.trans}</small>}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
