import { Link2 } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'links',
  path: '/admin/links',
  menu: { label: '友链', icon: Link2, group: '互动' },
  screen: () => import('./LinksScreen.tsx'),
});
