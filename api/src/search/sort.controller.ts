import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { type SortRequest, sortRequestSchema } from '@skillers/domain';
import { PerMinuteLimit } from '../common/per-minute-limit.decorator';
import { ZodPipe } from '../common/zod-body.pipe';
import { SortService } from './sort.service';

/** `/api/sort`: the web app calls it, relative to the API base, when a filter finds nothing. */
@Controller()
export class SortController {
  constructor(private readonly sorting: SortService) {}

  @Post('sort')
  @HttpCode(200)
  @PerMinuteLimit(60)
  sort(@Body(new ZodPipe(sortRequestSchema)) body: SortRequest) {
    return this.sorting.sort(body);
  }
}
