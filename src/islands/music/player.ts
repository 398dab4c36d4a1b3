import { $ } from '../../browser/dom.ts';
import { lazyRoot } from '../../browser/lazy-root.ts';
import { $player, attachAudio, setLyricType, showLyricBoard, showPlayer } from '../../stores/music.ts';

/**
 * Loaded when the player is first wanted: hooks the launcher's persisted <audio> to the store, keeps
 * the launcher's state in step, and renders the panel and the lyric board (each loaded when first
 * shown, then kept mounted so they can animate open and closed).
 */
export function start(root: HTMLElement): void {
  const button = $(root, 'button');
  attachAudio($(root, 'audio'));
  const panel = lazyRoot($(root, '[data-music-panel-root]'), () => import('./PlayerPanel.tsx'));
  const board = lazyRoot($(root, '[data-lyric-board-root]'), () => import('./LyricBoard.tsx'));
  let panelOpen: boolean | undefined;
  let boardOpen: boolean | undefined;
  $player.subscribe((p) => {
    button.setAttribute('aria-expanded', String(p.isShowMusicPlayer));
    button.dataset.playing = String(!p.isPaused);
    if (p.isShowMusicPlayer !== panelOpen && (p.isShowMusicPlayer || panelOpen !== undefined)) {
      panelOpen = p.isShowMusicPlayer;
      panel({ open: panelOpen });
    }
    if (p.showLyricBoard !== boardOpen && (p.showLyricBoard || boardOpen !== undefined)) {
      boardOpen = p.showLyricBoard;
      board({ open: boardOpen });
    }
  });
  // The board is a full-screen layer of this page: Back or a link must not leave it over the next one
  // (?showSpecial opens it again on page-load, which comes after).
  document.addEventListener('astro:after-swap', () => showLyricBoard(false));
}

export const togglePlayer = () => showPlayer(!$player.get().isShowMusicPlayer);

export function showSpecial(): void {
  showPlayer(true);
  setLyricType('SPECIAL');
  showLyricBoard(true);
}
