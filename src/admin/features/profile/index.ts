import { IdCard } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'profile',
  path: '/admin/profile',
  menu: { label: '站点资料', icon: IdCard, group: '站点' },
  screen: () => import('./ProfileScreen.tsx'),
});
