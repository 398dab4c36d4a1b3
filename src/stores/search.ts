import { closeModal, openModal } from './modal.ts';

/** The site search dialog (the header button and Ctrl/⌘+K open it), one modal of $activeModal. */
export const openSearch = (): void => openModal('search');
export const closeSearch = (): void => closeModal('search');
