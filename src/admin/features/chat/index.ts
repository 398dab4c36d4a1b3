import { MessagesSquare } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'chat',
  path: '/admin/chat',
  menu: { label: '聊天室', icon: MessagesSquare, group: '互动' },
  screen: () => import('./ChatScreen.tsx'),
});
