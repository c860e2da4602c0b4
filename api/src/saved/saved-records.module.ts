import { Module } from '@nestjs/common';
import { SavedRepository } from './saved.repository';

/** The saved-items store on its own, so projects and profiles can read and clear it without a cycle. */
@Module({ providers: [SavedRepository], exports: [SavedRepository] })
export class SavedRecordsModule {}
