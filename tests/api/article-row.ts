/**
 * An article row written straight to the database, for the tests that bypass the article service
 * (a fixture, a raw insert the search triggers must follow, a crowd of generated articles): a public,
 * unpinned, original article with no category, counters at 0, unless `fields` says otherwise.
 */
export function articleRow(fields: {
  slug: string;
  article_title: string;
  article_content: string;
  author_id: number;
  status?: number;
  view_times?: number;
}) {
  const now = new Date().toISOString();
  return {
    category_id: null,
    article_cover: '',
    article_description: '',
    is_top: 2,
    order: 0,
    status: 1,
    type: 1,
    origin_url: '',
    view_times: 0,
    thumbs_up_times: 0,
    reading_duration: 0,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
