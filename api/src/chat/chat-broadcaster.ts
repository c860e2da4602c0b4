import { Injectable } from '@nestjs/common';
import { CHAT_EVENTS, type ChatMessage, type RealtimeMessage } from '@skillers/domain';
import type { Server } from 'socket.io';

/**
 * Pushes stored messages to their conversation room. The gateway hands over its server once it
 * exists, so HTTP sends and socket sends reach the room the same way.
 */
@Injectable()
export class ChatBroadcaster {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  /** Everyone in the room gets it, the sender's own sockets too: clients match echoes by `_id`. */
  messageStored(message: ChatMessage): void {
    const payload: RealtimeMessage = {
      _id: message._id,
      conversationId: message.conversationId,
      senderId: message.senderId,
      text: message.message,
      date: message.date,
    };
    this.server?.to(message.conversationId).emit(CHAT_EVENTS.message, payload);
  }
}
