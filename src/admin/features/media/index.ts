import { FileImage } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'media',
  path: '/admin/media',
  menu: { label: '媒体库', icon: FileImage, group: '内容' },
  screen: () => import('./MediaScreen.tsx'),
});
