import { useStore } from '@nanostores/react';
import { MessageCircle } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { unreadBadge } from '../../lib/chat.ts';
import { $chatOpen, $unread, closeChat, markRead, openChat, startChat } from '../../stores/chat.ts';
import styles from './button.module.css';
import type { ChatPanelProps } from './ChatPanel.tsx';

type Panel = ComponentType<ChatPanelProps>;
let panelModule: Promise<Panel> | undefined;
/** The popover's body is loaded the first time it is wanted (hover, focus or click). */
const loadPanel = () => {
  panelModule ??= import('./ChatPanel.tsx').then((m) => m.default);
  return panelModule;
};

/**
 * The chat button with its unread counter, always on the page (tiny); it owns the connection so the
 * counter works while the popover is closed. The popover sits in the persisted floating area, so the
 * socket stays connected across navigation.
 */
export default function ChatButton() {
  const unread = useStore($unread);
  const open = useStore($chatOpen);
  const [Panel, setPanel] = useState<Panel | null>(null);
  // On /message/chat the room is the page itself: the button and popover step aside.
  const [onChatPage, setOnChatPage] = useState(false);

  useEffect(() => {
    startChat();
    const onPage = () => {
      const here = location.pathname.replace(/\/$/, '') === '/message/chat';
      setOnChatPage(here);
      if (here) closeChat();
    };
    onPage();
    document.addEventListener('astro:page-load', onPage);
    return () => document.removeEventListener('astro:page-load', onPage);
  }, []);
  useEffect(() => {
    if (!open) return;
    let live = true;
    loadPanel().then((p) => live && setPanel(() => p));
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeChat();
    document.addEventListener('keydown', onKey);
    return () => {
      live = false;
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (onChatPage) return null;
  return (
    <div className={styles.wrap}>
      {open && (
        <div className={styles.popover} role="dialog" aria-label="聊天室" onPointerDown={markRead}>
          {Panel ? <Panel variant="popover" onClose={closeChat} /> : <div className={styles.loading} />}
        </div>
      )}
      <button
        type="button"
        className={styles.button}
        aria-label={unread ? `聊天室（${unread} 条未读）` : '聊天室'}
        aria-expanded={open}
        data-chat-button
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => (open ? closeChat() : openChat())}
      >
        <MessageCircle size={22} />
        {unread > 0 && (
          <span className={styles.badge} data-unread>
            {unreadBadge(unread)}
          </span>
        )}
      </button>
    </div>
  );
}
