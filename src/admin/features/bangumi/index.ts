import { Tv } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'bangumi',
  path: '/admin/bangumi',
  menu: { label: '追番', icon: Tv, group: '内容' },
  screen: () => import('./BangumiScreen.tsx'),
});
