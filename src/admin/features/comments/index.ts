import { MessageCircleReply } from 'lucide-react';
import { computed } from 'nanostores';
import { defineConsoleModule } from '../../module.ts';
import { $reviewCounts } from '../../stores.ts';

export default defineConsoleModule({
  key: 'comments',
  path: '/admin/comments',
  menu: {
    label: '评论与留言',
    icon: MessageCircleReply,
    group: '互动',
    // What waits for review (docs/owner-guide.md#评论审核).
    badge: { store: computed($reviewCounts, (c) => c?.pending ?? 0), label: (n) => `${n} 条待审核` },
  },
  screen: () => import('./CommentsScreen.tsx'),
  pages: {
    settings: { title: '评论设置', screen: () => import('./ReviewSettingsScreen.tsx') },
  },
});
