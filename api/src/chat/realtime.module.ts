import { Module } from '@nestjs/common';
import { ChatBroadcaster } from './chat-broadcaster';

/** One broadcaster for the whole app: the gateway attaches its server, chat and notifications push through it. */
@Module({ providers: [ChatBroadcaster], exports: [ChatBroadcaster] })
export class RealtimeModule {}
