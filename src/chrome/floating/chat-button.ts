import { $, fromTemplate } from '../../browser/dom.ts';
import { paneFocusReturn } from '../../browser/focus-return.ts';
import { lazyRoot } from '../../browser/lazy-root.ts';
import { unreadBadge } from '../../lib/chat.ts';
import { onIdle } from '../../lib/idle.ts';
import { $chatOpen, $unread, closeChat, markRead, openChat, startChat } from '../../stores/chat.ts';

/**
 * The chat button of FloatingButtons.astro (beside it) with its unread counter. It owns the
 * connection, so the counter works while the popover is closed; the popover's body (ChatPanel, React)
 * loads the first time it is wanted (hover, focus or click). The floating area is persisted, so the
 * socket stays connected across navigation.
 */
const wrap = document.querySelector<HTMLElement>('[data-chat-wrap]');
if (wrap) {
  const button = $<HTMLButtonElement>(wrap, '[data-chat-button]');
  const loadPanel = () => import('../../islands/chat/ChatPanel.tsx');
  const preload = () =>
    void Promise.all([loadPanel(), import('../../browser/react-root.ts')]).catch(() => {});
  const copy = (name: string) => fromTemplate($<HTMLTemplateElement>(wrap, `template[${name}]`));
  const popover = copy('data-chat-popover');
  popover.addEventListener('pointerdown', markRead);
  const body = $(popover, ':scope > div');
  const panel = lazyRoot(body, loadPanel);

  button.addEventListener('pointerenter', preload);
  button.addEventListener('focus', preload);
  button.addEventListener('click', () => ($chatOpen.get() ? closeChat() : openChat()));
  document.addEventListener('keydown', (e) => e.key === 'Escape' && $chatOpen.get() && closeChat());

  $unread.subscribe((unread) => {
    button.setAttribute('aria-label', unread ? `聊天室（${unread} 条未读）` : '聊天室');
    let badge = button.querySelector<HTMLElement>('[data-unread]');
    if (!unread) return badge?.remove();
    if (!badge) {
      badge = copy('data-chat-badge');
      button.append(badge);
    }
    badge.textContent = unreadBadge(unread);
  });

  const popoverFocus = paneFocusReturn(() => popover);
  $chatOpen.subscribe((open) => {
    button.setAttribute('aria-expanded', String(open));
    popoverFocus(open);
    if (open) {
      wrap.prepend(popover);
      panel({ variant: 'popover', onClose: closeChat });
    } else {
      panel(null);
      popover.remove();
    }
  });
  // On /message/chat the room is the page itself: the button and popover step aside.
  const onPage = () => {
    const here = location.pathname.replace(/\/$/, '') === '/message/chat';
    if (here) closeChat();
    wrap.hidden = here;
    if (here) button.remove();
    else if (!button.isConnected) wrap.append(button);
  };
  onPage();
  document.addEventListener('astro:page-load', onPage);
  button.dataset.ready = '';
  onIdle(startChat);
}
