import { useStore } from '@nanostores/react';
import { Disc3 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { $player, attachAudio, setLyricType, showLyricBoard, showPlayer } from '../../stores/music.ts';
import { toast } from '../../stores/toast.ts';
import styles from './launcher.module.css';

// The panel, the lyric board and their data code load on first open (first-load JS budget).
const PlayerPanel = lazy(() => import('./PlayerPanel.tsx'));
const LyricBoard = lazy(() => import('./LyricBoard.tsx'));

/**
 * The always-loaded part of the music player: the button on the left, the hidden <audio> (kept
 * across client-router navigation by transition:persist) and the startup hint.
 */
export default function MusicPlayer() {
  const player = useStore($player);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const [boardLoaded, setBoardLoaded] = useState(false);

  useEffect(() => {
    const detach = audioRef.current ? attachAudio(audioRef.current) : undefined;
    toast('点击左边按钮听听歌吧～', 'info');
    // ?showSpecial opens the player and the lyric board in the SPECIAL style (SPEC §2).
    const checkQuery = () => {
      if (!new URLSearchParams(location.search).has('showSpecial')) return;
      showPlayer(true);
      setLyricType('SPECIAL');
      showLyricBoard(true);
    };
    checkQuery();
    document.addEventListener('astro:page-load', checkQuery);
    return () => {
      detach?.();
      document.removeEventListener('astro:page-load', checkQuery);
    };
  }, []);

  useEffect(() => {
    if (player.isShowMusicPlayer) setPanelLoaded(true);
    if (player.showLyricBoard) setBoardLoaded(true);
  }, [player.isShowMusicPlayer, player.showLyricBoard]);

  return (
    <div data-music-player>
      <button
        type="button"
        className={styles.launcher}
        aria-label="音乐播放器"
        aria-expanded={player.isShowMusicPlayer}
        data-playing={!player.isPaused}
        onClick={() => showPlayer(!player.isShowMusicPlayer)}
      >
        <Disc3 size={24} aria-hidden="true" />
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: music without speech; the lyric board shows the words. */}
      <audio ref={audioRef} preload="none" data-music-audio hidden />
      {panelLoaded && (
        <Suspense fallback={null}>
          <PlayerPanel open={player.isShowMusicPlayer} />
        </Suspense>
      )}
      {boardLoaded && (
        <Suspense fallback={null}>
          <LyricBoard open={player.showLyricBoard} />
        </Suspense>
      )}
    </div>
  );
}
