import { Module } from '@nestjs/common';
import { BlocksRepository } from './blocks.repository';

/** The block list on its own, so chat and the feed can read it without depending on the trust routes. */
@Module({ providers: [BlocksRepository], exports: [BlocksRepository] })
export class BlocksRecordsModule {}
