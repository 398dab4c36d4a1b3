import { Mail } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'mail',
  path: '/admin/mail',
  menu: { label: '邮件队列', icon: Mail, group: '系统' },
  screen: () => import('./MailScreen.tsx'),
});
