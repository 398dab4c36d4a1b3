import { FileText } from 'lucide-react';
import { defineConsoleModule } from '../../module.ts';

export default defineConsoleModule({
  key: 'articles',
  path: '/admin/articles',
  menu: { label: '文章', icon: FileText, group: '内容' },
  screen: () => import('./ArticlesScreen.tsx'),
  pages: {
    edit: {
      title: '编辑文章',
      // A new article is 写文章 until its first save gives it an id (the screen then says so).
      heading: () => (new URLSearchParams(location.search).get('id') ? '编辑文章' : '写文章'),
      screen: () => import('./ArticleEditorScreen.tsx'),
    },
  },
});
