import { $, fromTemplate } from '../../browser/dom.ts';
import { isHttpUrl, isImageUrl } from '../../lib/community.ts';
import { compareGroups, UNGROUPED_HEADING } from '../../lib/link-groups.ts';

export type LinkCard = {
  id: number;
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  /** Its group; absent is none. */
  category?: string;
};

/**
 * The list of the group's section on /link/list, made in its place (groups by name, none last) when
 * the page has none yet; the section of no group gets its 其他 heading once a named one is there.
 */
function groupList(root: HTMLElement, name: string): HTMLElement | null {
  const sections = [...root.querySelectorAll<HTMLElement>('section[data-link-group]')];
  let section = sections.find((s) => s.dataset.linkGroup === name);
  if (!section) {
    const template = document.querySelector<HTMLTemplateElement>('template[data-link-group-section]');
    if (!template) return null;
    section = fromTemplate(template);
    section.dataset.linkGroup = name;
    $(section, 'h2').textContent = name || UNGROUPED_HEADING;
    const after = sections.find((s) => compareGroups(s.dataset.linkGroup ?? '', name) > 0);
    root.insertBefore(section, after ?? null);
  }
  section.hidden = false;
  const rest = root.querySelector<HTMLElement>('section[data-link-group=""] h2');
  if (rest && name !== '') rest.hidden = false;
  return section.querySelector<HTMLElement>('ul');
}

/**
 * Puts a just-approved link into the server-rendered list of /link/list, so the admin sees it (and
 * the 审核通过 toast) without a reload. The card is cloned from the page's template, so it has the
 * page's own styles, into its group's section; the groups run to the last page, so the card only
 * belongs there (a group on an earlier page shows it after a reload).
 */
export function showApprovedCard(link: LinkCard): void {
  const root = document.querySelector<HTMLElement>('[data-links]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-link-card]');
  if (!root || !template || !root.hasAttribute('data-last-page') || !isHttpUrl(link.url)) return;
  if (root.querySelector(`[data-link-id="${link.id}"]`)) return;
  const list = groupList(root, link.category ?? '');
  if (!list) return;
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
  root.hidden = false;
  const empty = document.querySelector<HTMLElement>('[data-links-empty]');
  if (empty) empty.hidden = true;
}
