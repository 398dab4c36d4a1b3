import { Music } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'music',
  path: '/admin/music',
  menu: { label: '音乐库', icon: Music, group: '系统' },
  screen: () => import('./MusicScreen.tsx'),
});
