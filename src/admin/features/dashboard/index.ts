import { Gauge } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'dashboard',
  path: '/admin',
  menu: { label: '概览', icon: Gauge, group: '总览' },
  screen: () => import('./DashboardScreen.tsx'),
});
