import { CHAT_EVENTS } from '@skillers/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { useAuth } from '../../../lib/auth';
import { useChatSocket, useSocketProblem } from '../../../lib/socket';
import { conversationsQuery } from '../api/chat.api';
import { ChatPanel, EmptyChatPanel } from './chat-panel';
import { ConversationList } from './conversation-list';
import './chat.css';

/** `?friendId=` opens a conversation, also with someone not on the list yet (the detail screens link here). */
const FRIEND_PARAM = 'friendId';

export const ConversationsScreen = () => {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const list = useQuery(conversationsQuery);
  const socket = useChatSocket();
  const socketProblem = useSocketProblem(socket);
  const queryClient = useQueryClient();

  // The server pushes every message to both participants, so a conversation someone else just started
  // shows up at once, and previews and unread counts stay current.
  useEffect(() => {
    if (!socket) return;
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    socket.on(CHAT_EVENTS.message, refreshList);
    return () => {
      socket.off(CHAT_EVENTS.message, refreshList);
    };
  }, [socket, queryClient]);
  const chosen = params.get(FRIEND_PARAM);
  const firstFriend = list.data?.[0]?.friend._id;
  const selectedId = chosen ?? firstFriend ?? null;

  // The first friend is chosen automatically. Writing the choice into the address
  // keeps it chosen when a newer conversation moves to the top of the list.
  useEffect(() => {
    if (!chosen && firstFriend) setParams({ [FRIEND_PARAM]: firstFriend }, { replace: true });
  }, [chosen, firstFriend, setParams]);

  const friendName = list.data?.find((conversation) => conversation.friend._id === selectedId)?.friend
    .username;

  return (
    <div className="chat">
      {socketProblem && <Notice tone="info">{socketProblem}</Notice>}
      <div className="chat__frame">
        <ConversationList
          // A failed refresh keeps the list it already has.
          status={list.data ? 'success' : list.status}
          conversations={list.data ?? []}
          selectedId={selectedId}
          ownId={user?.id}
          onSelect={(friendId) => setParams({ [FRIEND_PARAM]: friendId })}
        />
        {selectedId ? (
          <ChatPanel key={selectedId} friendId={selectedId} friendName={friendName} />
        ) : (
          <EmptyChatPanel />
        )}
      </div>
    </div>
  );
};
