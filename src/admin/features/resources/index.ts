import { Library } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'resources',
  path: '/admin/resources',
  menu: { label: '资源与网站', icon: Library, group: '内容' },
  screen: () => import('./ResourcesScreen.tsx'),
});
