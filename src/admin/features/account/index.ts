import { KeyRound } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'account',
  path: '/admin/account',
  menu: { label: '账号与安全', icon: KeyRound, group: '系统' },
  screen: () => import('./AccountScreen.tsx'),
});
