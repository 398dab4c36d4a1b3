import { useEffect } from 'react';
import { setChatPageVisible, startChat } from '../../stores/chat.ts';
import ChatPanel from './ChatPanel.tsx';

/** /message/chat: the chat room as a whole page, on the same connection as the chat button. */
export default function ChatPage() {
  useEffect(() => {
    startChat();
    setChatPageVisible(true);
    return () => setChatPageVisible(false);
  }, []);
  return <ChatPanel variant="page" />;
}
