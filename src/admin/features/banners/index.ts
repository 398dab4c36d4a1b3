import { Flag } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'banners',
  path: '/admin/banners',
  menu: { label: '页面横幅', icon: Flag, group: '站点' },
  screen: () => import('./BannersScreen.tsx'),
});
