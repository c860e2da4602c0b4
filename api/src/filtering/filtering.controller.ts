import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { type FilteringRequest, filteringRequestSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/token.service';
import { withKnownFilterOptions } from '../common/known-options';
import { ZodPipe } from '../common/zod-body.pipe';
import { FilteringService } from './filtering.service';

const filteringRequest = withKnownFilterOptions(filteringRequestSchema, 'activeFilters');

@Controller()
@UseGuards(OptionalJwtAuthGuard)
export class FilteringController {
  constructor(private readonly filtering: FilteringService) {}

  @Post('project/traditional_filtering_all')
  @HttpCode(200)
  projects(
    @Body(new ZodPipe(filteringRequest)) body: FilteringRequest,
    @Ip() address: string,
    @CurrentUser() user?: AuthenticatedUser,
  ) {
    return this.filtering.projectsMatching(body, { userId: user?.id, address });
  }

  @Post('teammate/traditional_filtering')
  @HttpCode(200)
  teammates(
    @Body(new ZodPipe(filteringRequest)) body: FilteringRequest,
    @Ip() address: string,
    @CurrentUser() user?: AuthenticatedUser,
  ) {
    return this.filtering.profilesMatching(body, { userId: user?.id, address });
  }
}
