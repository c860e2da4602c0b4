import { CHAT_MESSAGES, type ChatMessage, TRUST_MESSAGES } from '@skillers/domain';
import { useState } from 'react';
import { BlockButton } from '../../../components/block/block-button';
import { ReportButton } from '../../../components/report/report-button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { useConversation } from '../hooks/use-conversation';
import { fileNote, inDateOrder, lastSeenMessageId, withoutRepeats } from '../utils/chat-lines';
import { ChatComposer } from './chat-composer';
import { MessageLog } from './message-log';

export const CONVERSATION_LOAD_FAILED = "We couldn't load this conversation. Please try again in a moment.";

/** Before anyone is chosen: the panel says so and nothing can be sent. */
export const EmptyChatPanel = () => (
  <section className="chat-panel" aria-label="Conversation">
    <div className="chat-log chat-log--placeholder">
      <p className="chat-log__placeholder">Select a conversation to start chatting</p>
    </div>
    <ChatComposer disabled busy={false} onSend={() => undefined} onFile={() => undefined} />
  </section>
);

interface ChatPanelProps {
  friendId: string;
  /** Unknown while the conversation has no message yet (it is not on the list). */
  friendName: string | undefined;
}

/** A client error names the problem (e.g. "This user does not exist."); anything else is ours. */
const loadFailure = (error: Error) =>
  error instanceof ApiError && error.isClientError ? error.message : CONVERSATION_LOAD_FAILED;

/** A refusal the user can act on (blocked, too many new conversations) is shown as the server words it. */
const sendFailure = (error: Error | null) => {
  if (error instanceof ApiError)
    return error.status === 403 || error.status === 429 ? error.message : CHAT_MESSAGES.sendFailed;
  // A socket send refused because this user blocked the other one.
  return error?.message === TRUST_MESSAGES.youBlockedThem ? error.message : CHAT_MESSAGES.sendFailed;
};

export const ChatPanel = ({ friendId, friendName }: ChatPanelProps) => {
  const { user } = useAuth();
  const { conversation, send, older } = useConversation(friendId);
  // Picked files stay on this screen only: the spec names them in the chat without uploading them.
  const [fileNotes, setFileNotes] = useState<ChatMessage[]>([]);
  const name = friendName ?? 'New conversation';

  const addFileNote = (fileName: string) => {
    const date = new Date().toISOString();
    setFileNotes((notes) => [
      ...notes,
      {
        _id: `file-${date}-${notes.length}`,
        conversationId: '',
        senderId: user?.id ?? '',
        message: fileNote(fileName),
        date,
      },
    ]);
  };

  const messages = inDateOrder(
    withoutRepeats([...older.messages, ...(conversation.data?.messages ?? []), ...fileNotes]),
  );
  const seenMessageId = lastSeenMessageId(messages, user?.id, conversation.data?.friendReadAt);
  const status = conversation.isPending ? (
    <Spinner label="Loading messages..." />
  ) : conversation.isError ? (
    <Notice tone="error">{loadFailure(conversation.error)}</Notice>
  ) : messages.length === 0 ? (
    <p className="chat-log__placeholder">No messages yet. Say hello!</p>
  ) : undefined;

  return (
    <section className="chat-panel" aria-label={`Conversation with ${name}`}>
      <header className="chat-panel__header">
        <span className="chat-list__avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <h2 className="chat-panel__title">{name}</h2>
        <div className="chat-panel__tools">
          {conversation.data?._id && (
            <ReportButton targetKind="conversation" targetId={conversation.data._id} />
          )}
          <BlockButton userId={friendId} name={name} />
        </div>
      </header>
      <MessageLog
        label={`Messages with ${name}`}
        messages={messages}
        ownId={user?.id}
        friendName={name}
        seenMessageId={seenMessageId}
        older={older}
        status={status}
      />
      {send.isError && (
        <div className="chat-panel__notice">
          <Notice tone="error">{sendFailure(send.error)}</Notice>
        </div>
      )}
      <ChatComposer
        // A message sent before the conversation has loaded could be overwritten by that load's answer.
        disabled={!conversation.isSuccess}
        busy={send.isPending}
        onSend={(text, sent) => send.mutate(text, { onSuccess: sent })}
        onFile={addFileNote}
      />
    </section>
  );
};
