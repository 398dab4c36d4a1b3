import { Images } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'albums',
  path: '/admin/albums',
  menu: { label: '相册', icon: Images, group: '内容' },
  screen: () => import('./AlbumsScreen.tsx'),
});
