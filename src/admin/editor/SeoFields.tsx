import { META_DESCRIPTION_MAX, META_KEYWORDS_MAX } from '../../lib/seo.ts';
import { TextField } from '../kit/Field.tsx';
import styles from './editor.module.css';
import type { EditorForm } from './form.ts';

type Props = { form: EditorForm; set: (patch: Partial<EditorForm>) => void };

/**
 * The article's own description and keywords for search engines and link previews
 * (docs/owner-guide.md#seo); left empty, the page uses the summary and the tags.
 */
export function SeoFields({ form, set }: Props) {
  return (
    <fieldset className={styles.seo}>
      <legend>搜索引擎（SEO）</legend>
      <TextField
        label="描述"
        multiline
        value={form.meta_description}
        onChange={(v) => set({ meta_description: v })}
        error={
          form.meta_description.trim().length > META_DESCRIPTION_MAX
            ? `SEO 描述最多 ${META_DESCRIPTION_MAX} 个字符`
            : undefined
        }
        hint="搜索结果与分享卡片里的描述，留空则用简介"
      />
      <TextField
        label="关键词"
        value={form.meta_keywords}
        onChange={(v) => set({ meta_keywords: v })}
        error={
          form.meta_keywords.length > META_KEYWORDS_MAX
            ? `SEO 关键词最多 ${META_KEYWORDS_MAX} 个字符`
            : undefined
        }
        hint="以逗号分隔，留空则用标签"
      />
    </fieldset>
  );
}
