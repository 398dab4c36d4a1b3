import { onIdle } from '../../lib/idle.ts';
import { toast } from '../../stores/toast.ts';

/**
 * The launcher of MusicLauncher.astro (beside it). Nothing plays before the panel is opened, so
 * the player's store, the panel and the lyric board (./player.ts) load on the first click or with
 * ?showSpecial (docs/product.md#music-player), not with the page.
 */
type Player = typeof import('../../islands/music/player.ts');

const root = document.querySelector<HTMLElement>('[data-music-player]');
if (root) {
  let player: Promise<Player> | undefined;
  const load = () => {
    player ??= import('../../islands/music/player.ts').then(
      (m) => {
        m.start(root);
        return m;
      },
      (err: unknown) => {
        player = undefined;
        throw err;
      },
    );
    return player;
  };
  root.querySelector('button')?.addEventListener('click', () => void load().then((m) => m.togglePlayer()));
  // ?showSpecial opens the player and the lyric board in the SPECIAL style.
  const checkQuery = () => {
    if (new URLSearchParams(location.search).has('showSpecial')) void load().then((m) => m.showSpecial());
  };
  checkQuery();
  document.addEventListener('astro:page-load', checkQuery);
  root.dataset.ready = '';
  onIdle(() => toast('点击左边按钮听听歌吧～', 'info'));
}
