import type { ChatMessage } from '@skillers/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { messageTime } from '../utils/chat-lines';

interface MessageLogProps {
  label: string;
  messages: readonly ChatMessage[];
  ownId: string | undefined;
  friendName: string;
  /** Shown instead of the messages: loading, a failure, or an empty conversation. */
  status?: ReactNode;
}

/** The conversation, newest at the bottom; a live region, so arriving messages are read out. */
export const MessageLog = ({ label, messages, ownId, friendName, status }: MessageLogProps) => {
  const logRef = useRef<HTMLDivElement>(null);

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  return (
    <div ref={logRef} className="chat-log" role="log" aria-label={label}>
      {status ?? (
        <ol className="chat-log__list">
          {messages.map((message) => {
            const own = message.senderId === ownId;
            return (
              <li key={message._id} className={own ? 'chat-message chat-message--own' : 'chat-message'}>
                <span className="visually-hidden">{own ? 'You' : friendName} wrote:</span>
                <p className="chat-message__text">{message.message}</p>
                <time className="chat-message__time" dateTime={message.date}>
                  {messageTime(message.date)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
};
