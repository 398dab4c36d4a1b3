import { MessageSquareText } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'talks',
  path: '/admin/talks',
  menu: { label: '说说', icon: MessageSquareText, group: '内容' },
  screen: () => import('./TalksScreen.tsx'),
});
