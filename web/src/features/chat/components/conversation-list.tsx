import type { ConversationSummary } from '@skillers/domain';
import { useId } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { unreadLabel } from '../utils/chat-lines';

export const CONVERSATIONS_LOAD_FAILED =
  "We couldn't load your conversations right now. Please try again in a moment.";

interface ConversationListProps {
  status: 'pending' | 'error' | 'success';
  conversations: readonly ConversationSummary[];
  selectedId: string | null;
  ownId: string | undefined;
  onSelect(friendId: string): void;
}

const preview = (conversation: ConversationSummary, ownId: string | undefined) => {
  const last = conversation.lastMessage;
  if (!last) return '';
  return last.senderId === ownId ? `You: ${last.message}` : last.message;
};

/** "All Message", the people this user has messages with. */
export const ConversationList = ({
  status,
  conversations,
  selectedId,
  ownId,
  onSelect,
}: ConversationListProps) => {
  const headingId = useId();
  return (
    <section className="chat-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="chat-list__title">
        All Message
      </h2>
      {status === 'pending' && <Spinner label="Loading your conversations..." />}
      {status === 'error' && <Notice tone="error">{CONVERSATIONS_LOAD_FAILED}</Notice>}
      {status === 'success' && conversations.length === 0 && (
        <div className="chat-list__empty">
          <p className="chat-list__empty-title">No messages</p>
          <p>Start chatting with someone to see them here</p>
        </div>
      )}
      {conversations.length > 0 && (
        <ul className="chat-list__items">
          {conversations.map((conversation) => {
            const selected = conversation.friend._id === selectedId;
            return (
              <li key={conversation._id}>
                <button
                  type="button"
                  className="chat-list__item"
                  aria-current={selected || undefined}
                  onClick={() => onSelect(conversation.friend._id)}
                >
                  <span className="chat-list__avatar" aria-hidden="true">
                    {conversation.friend.username.charAt(0).toUpperCase()}
                  </span>
                  <span className="chat-list__text">
                    <span className="chat-list__name">{conversation.friend.username}</span>
                    <span className="chat-list__preview">{preview(conversation, ownId)}</span>
                  </span>
                  {/* The open conversation is being read, so it has nothing unread to announce. */}
                  {!selected && conversation.unread > 0 && (
                    <span className="chat-list__unread">
                      {unreadLabel(conversation.unread)}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};
