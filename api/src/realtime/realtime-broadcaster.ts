import { Injectable } from '@nestjs/common';
import {
  CHAT_EVENTS,
  type ChatMessage,
  type ReadReceipt,
  type RealtimeMessage,
  type RealtimeNotification,
  type UnreadMessages,
  userRoom,
} from '@skillers/domain';
import type { Server } from 'socket.io';

export { userRoom } from '@skillers/domain';

const realtime = (message: ChatMessage): RealtimeMessage => ({
  _id: message._id,
  conversationId: message.conversationId,
  senderId: message.senderId,
  text: message.message,
  date: message.date,
});

/**
 * Pushes stored messages to their conversation room and to both participants' user rooms. The gateway hands over its server once it
 * exists, so HTTP sends and socket sends reach the room the same way.
 */
@Injectable()
export class RealtimeBroadcaster {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  /** Sockets connected to this node and the rooms they are in (each socket's own room included). */
  connections(): { sockets: number; rooms: number } {
    return {
      sockets: this.server?.sockets.sockets.size ?? 0,
      rooms: this.server?.sockets.adapter.rooms.size ?? 0,
    };
  }

  /**
   * Every socket in those rooms gets it once (socket.io sends once per socket across rooms), the sender's
   * own sockets too: clients match echoes by `_id`.
   */
  messageStored(message: ChatMessage, participants: readonly string[]): void {
    this.server
      ?.to(message.conversationId)
      .to(participants.map(userRoom))
      .emit(CHAT_EVENTS.message, realtime(message));
  }

  /**
   * A message to someone who blocked the sender: only the sender's own sockets get the echo, not the
   * conversation room the recipient may have joined.
   */
  messageWithheld(message: ChatMessage, senderId: string): void {
    this.server?.to(userRoom(senderId)).emit(CHAT_EVENTS.message, realtime(message));
  }

  /** The reader's own sockets (other tabs clear their badge) and the other participant (who sees "Seen"). */
  conversationRead(receipt: ReadReceipt, friendId: string): void {
    this.server?.to(userRoom(friendId)).emit(CHAT_EVENTS.read, receipt);
  }

  unreadChanged(userId: string, unread: UnreadMessages): void {
    this.server?.to(userRoom(userId)).emit(CHAT_EVENTS.unread, unread);
  }

  notified(userId: string, payload: RealtimeNotification): void {
    this.server?.to(userRoom(userId)).emit(CHAT_EVENTS.notification, payload);
  }

  /** Whether the user has a socket on this node. */
  hasSockets(userId: string): boolean {
    return (this.server?.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0;
  }

  notificationsRead(userId: string, unread: number): void {
    this.server?.to(userRoom(userId)).emit(CHAT_EVENTS.notificationsRead, { unread });
  }
}
