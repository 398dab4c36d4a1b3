import { useCallback, useState } from 'react';
import { listMedia } from '../../../lib/api/admin/media.ts';
import { MEDIA_PAGE_SIZE } from '../../../lib/media-library.ts';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';

/** The library's page of uploads and its filters (name, 未使用), for the screen and the picker alike. */
export function useMedia(pageSize = MEDIA_PAGE_SIZE) {
  const [keyword, setKeyword] = useState('');
  const [unused, setUnused] = useState(false);
  const search = useDebounced(keyword.trim());
  const fetchPage = useCallback(
    (current: number) => listMedia({ current, size: pageSize, keyword: search || undefined, unused }),
    [search, unused, pageSize],
  );
  const list = useListScreen(fetchPage, pageSize);
  return {
    list,
    keyword,
    setKeyword: list.refilter(setKeyword),
    unused,
    setUnused: list.refilter(setUnused),
    filtered: Boolean(search) || unused,
  };
}
