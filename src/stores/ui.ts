import { map } from 'nanostores';
import { readJson, writeJson } from '../browser/storage.ts';
import type { PageHeader } from '../lib/contract/site.ts';
import type { CodeTheme, PreviewTheme, Theme } from '../lib/theme.ts';
import { closeModal, openModal } from './modal.ts';

/**
 * The static-data state (docs/product.md#browser-storage), kept in local storage (encoded) under
 * `staticData`.
 */
export type StaticData = {
  previewTheme: PreviewTheme;
  codeTheme: CodeTheme;
  theme?: Theme;
  messageTypeIsCard: boolean;
  pageHeaderList?: PageHeader[];
};

export const STATIC_KEY = 'staticData';

const defaults: StaticData = { previewTheme: 'default', codeTheme: 'atom', messageTypeIsCard: false };

export const $staticData = map<StaticData>({ ...defaults, ...readJson<Partial<StaticData>>(STATIC_KEY) });
$staticData.listen((value) => writeJson(STATIC_KEY, value));

export function setTheme(theme: Theme): void {
  $staticData.setKey('theme', theme);
  document.documentElement.dataset.theme = theme;
}

// The article body's CSS reads these attributes of <html> (src/styles/markdown.css): a switch applies
// at once, without reload; BaseLayout's bootstrap sets them again on every page.
export function setPreviewTheme(previewTheme: PreviewTheme): void {
  $staticData.setKey('previewTheme', previewTheme);
  document.documentElement.dataset.previewTheme = previewTheme;
}

export function setCodeTheme(codeTheme: CodeTheme): void {
  $staticData.setKey('codeTheme', codeTheme);
  document.documentElement.dataset.codeTheme = codeTheme;
}

export function setPageHeaderList(list: PageHeader[]): void {
  $staticData.setKey('pageHeaderList', list);
}

export function setMessageTypeIsCard(messageTypeIsCard: boolean): void {
  $staticData.setKey('messageTypeIsCard', messageTypeIsCard);
}

/**
 * The shared show-login flag (docs/product.md#login-dialog): anything may open the login dialog (one modal
 * of $activeModal).
 */
export const openLogin = (): void => openModal('login');
export const closeLogin = (): void => closeModal('login');
