import { ArrowLeftRight } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'import',
  path: '/admin/import',
  menu: { label: '导入与导出', icon: ArrowLeftRight, group: '系统' },
  screen: () => import('./ImportScreen.tsx'),
});
