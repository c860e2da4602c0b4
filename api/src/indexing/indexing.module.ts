import { Global, Module } from '@nestjs/common';
import { RecordChangesService } from './record-changes.service';

/** Global so every module that writes projects or profiles reports to the same service. */
@Global()
@Module({ providers: [RecordChangesService], exports: [RecordChangesService] })
export class IndexingModule {}
