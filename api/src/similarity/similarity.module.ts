import { Module } from '@nestjs/common';
import { MlService } from './ml.service';
import { SimilarityController } from './similarity.controller';
import { SortService } from './sort.service';

/** Similarity over the embedder and the live index: `/sort` (ranking) and `/ml` (label suggestions). */
@Module({
  controllers: [SimilarityController],
  providers: [SortService, MlService],
})
export class SimilarityModule {}
