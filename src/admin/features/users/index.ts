import { UsersRound } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'users',
  path: '/admin/users',
  menu: { label: '用户', icon: UsersRound, group: '互动' },
  screen: () => import('./UsersScreen.tsx'),
});
