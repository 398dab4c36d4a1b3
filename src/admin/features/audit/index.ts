import { History } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'audit',
  path: '/admin/audit',
  menu: { label: '审计日志', icon: History, group: '系统' },
  screen: () => import('./AuditScreen.tsx'),
});
