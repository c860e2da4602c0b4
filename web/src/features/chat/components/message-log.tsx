import type { ChatMessage } from '@skillers/domain';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { messageTime } from '../utils/chat-lines';

/** How close to the top (in pixels) scrolling up starts loading older messages. */
const LOAD_OLDER_THRESHOLD_PX = 80;

export interface OlderMessages {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadOlder: () => void;
}

interface MessageLogProps {
  label: string;
  messages: readonly ChatMessage[];
  ownId: string | undefined;
  friendName: string;
  /** My newest message the friend has read: "Seen" shows under it. */
  seenMessageId?: string;
  older?: OlderMessages;
  /** Shown instead of the messages: loading, a failure, or an empty conversation. */
  status?: ReactNode;
}

/**
 * The conversation, newest at the bottom; a live region, so arriving messages are read out. Scrolling
 * to the top loads older messages, keeping the messages in view where they were.
 */
export const MessageLog = ({
  label,
  messages,
  ownId,
  friendName,
  seenMessageId,
  older,
  status,
}: MessageLogProps) => {
  const logRef = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?._id;
  const lastId = messages.at(-1)?._id;
  const previous = useRef<{ firstId?: string; lastId?: string; scrollHeight: number; scrollTop: number }>({
    scrollHeight: 0,
    scrollTop: 0,
  });

  // Keep the newest message in view as messages arrive; when older ones are added above, stay put.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = previous.current;
    if (before.lastId === lastId && before.firstId !== firstId && before.firstId !== undefined) {
      log.scrollTop = log.scrollHeight - before.scrollHeight + before.scrollTop;
    } else if (before.lastId !== lastId) {
      log.scrollTop = log.scrollHeight;
    }
    previous.current = { firstId, lastId, scrollHeight: log.scrollHeight, scrollTop: log.scrollTop };
  }, [firstId, lastId]);

  // A first page shorter than the log cannot be scrolled: load more until it fills or none are left.
  useEffect(() => {
    const log = logRef.current;
    if (log && older?.hasMore && !older.loading && !older.failed && log.scrollHeight <= log.clientHeight) {
      older.loadOlder();
    }
  }, [older, firstId]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    previous.current = { ...previous.current, scrollHeight: log.scrollHeight, scrollTop: log.scrollTop };
    if (log.scrollTop < LOAD_OLDER_THRESHOLD_PX && older?.hasMore && !older.loading) older.loadOlder();
  };

  return (
    <div ref={logRef} className="chat-log" role="log" aria-label={label} onScroll={onScroll}>
      {status ?? (
        <>
          {older?.hasMore && (
            <p className="chat-log__older">
              {older.loading ? (
                'Loading older messages...'
              ) : (
                <button type="button" className="chat-log__older-button" onClick={older.loadOlder}>
                  {older.failed ? "Couldn't load older messages. Try again" : 'Load older messages'}
                </button>
              )}
            </p>
          )}
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
                  {message._id === seenMessageId && <span className="chat-message__seen">Seen</span>}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
};
