import { isHttpUrl, isImageUrl } from '../../lib/community.ts';
import { $, fromTemplate } from '../../lib/dom.ts';

export type LinkCard = { id: number; site_name: string; site_desc: string; site_avatar: string; url: string };

/**
 * Puts a just-approved link into the server-rendered list of /link/list, so the admin sees it (and
 * the 审核通过 toast) without a reload. The card is cloned from the page's template, so it has the
 * page's own styles; the list is ordered by age, so the card only belongs on the last page.
 */
export function showApprovedCard(link: LinkCard): void {
  const list = document.querySelector<HTMLElement>('[data-links]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-link-card]');
  if (!list || !template || !list.hasAttribute('data-last-page') || !isHttpUrl(link.url)) return;
  if (list.querySelector(`[data-link-id="${link.id}"]`)) return;
  const item = fromTemplate(template);
  const a = $(item, 'a');
  a.href = link.url;
  a.dataset.linkId = String(link.id);
  const img = a.querySelector('img');
  const ph = a.querySelector<HTMLElement>('.ph');
  if (isImageUrl(link.site_avatar)) {
    img?.setAttribute('src', link.site_avatar);
    ph?.remove();
  } else {
    img?.remove();
    if (ph) ph.textContent = [...link.site_name][0] ?? '';
  }
  $(a, 'strong').textContent = link.site_name;
  $(a, '.text .muted').textContent = link.site_desc;
  list.append(item);
  list.hidden = false;
  const empty = document.querySelector<HTMLElement>('[data-links-empty]');
  if (empty) empty.hidden = true;
}
