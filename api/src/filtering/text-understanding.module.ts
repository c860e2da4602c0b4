import { Module } from '@nestjs/common';
import { TextUnderstandingService } from './text-understanding.service';

/** The reading of search texts, shared by the filtering calls and the saved searches. */
@Module({
  providers: [TextUnderstandingService],
  exports: [TextUnderstandingService],
})
export class TextUnderstandingModule {}
