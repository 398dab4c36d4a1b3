import { MessageCircleReply } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'comments',
  path: '/admin/comments',
  menu: { label: '评论与留言', icon: MessageCircleReply, group: '互动' },
  screen: () => import('./CommentsScreen.tsx'),
});
