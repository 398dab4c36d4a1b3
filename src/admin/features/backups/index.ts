import { DatabaseBackup } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'backups',
  path: '/admin/backups',
  menu: { label: '备份', icon: DatabaseBackup, group: '系统' },
  screen: () => import('./BackupsScreen.tsx'),
});
