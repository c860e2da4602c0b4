import { Module } from '@nestjs/common';
import { RealtimeBroadcaster } from './realtime-broadcaster';

/** One broadcaster for the whole app: the gateway attaches its server, chat and notifications push through it. */
@Module({ providers: [RealtimeBroadcaster], exports: [RealtimeBroadcaster] })
export class RealtimeModule {}
