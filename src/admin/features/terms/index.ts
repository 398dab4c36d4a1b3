import { Tags } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'terms',
  path: '/admin/terms',
  menu: { label: '分类与标签', icon: Tags, group: '内容' },
  screen: () => import('./TermsScreen.tsx'),
});
