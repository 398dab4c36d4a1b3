import { useState } from 'react';
import type { DictionaryEntry } from '../../../lib/contract/articles.ts';
import kit from '../../kit/kit.module.css';
import { SelectionBar } from '../../kit/SelectionBar.tsx';

type Props = {
  selection: Parameters<typeof SelectionBar>[0]['selection'];
  empty: boolean;
  categories: DictionaryEntry[];
  onBulk: (action: 'public' | 'private' | 'bin' | 'category', categoryId?: number) => Promise<unknown>;
};

/**
 * The picked articles' actions above the list. 移到回收站 needs no confirmation: the bin gives them back
 * for 30 days. 改分类 applies the category chosen beside it.
 */
export function BulkBar({ selection, empty, categories, onBulk }: Props) {
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (action: Parameters<Props['onBulk']>[0], categoryId?: number) => {
    setBusy(true);
    onBulk(action, categoryId).finally(() => setBusy(false));
  };
  const off = !selection.chosen.length || busy;
  return (
    <SelectionBar selection={selection} empty={empty} unit="篇">
      <button type="button" className={kit.button} disabled={off} onClick={() => run('public')}>
        公开
      </button>
      <button type="button" className={kit.button} disabled={off} onClick={() => run('private')}>
        隐藏
      </button>
      <button type="button" className={kit.danger} disabled={off} onClick={() => run('bin')}>
        移到回收站
      </button>
      <select
        className={kit.input}
        aria-label="改到的分类"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      >
        <option value="">选择分类</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={kit.button}
        disabled={off || !category}
        onClick={() => run('category', Number(category))}
      >
        改分类
      </button>
    </SelectionBar>
  );
}
