import { Controller, Delete, Get, Param, Query, UseGuards } from '@nestjs/common';
import { objectIdSchema, type PageQuery, pageQuerySchema } from '@skillers/domain';
import { ZodPipe } from '../common/zod-body.pipe';
import { type PropositionFilter, propositionFilterSchema } from './admin-request.schemas';
import { AdminPropositionsService } from './admin-propositions.service';
import { AdminTokenGuard } from './admin-token.guard';

@Controller('admin/propositions')
@UseGuards(AdminTokenGuard)
export class AdminPropositionsController {
  constructor(private readonly propositions: AdminPropositionsService) {}

  @Get()
  list(
    @Query(new ZodPipe(pageQuerySchema)) { page }: PageQuery,
    @Query(new ZodPipe(propositionFilterSchema)) { filterType }: PropositionFilter,
  ) {
    return this.propositions.list(page, filterType);
  }

  @Delete(':id')
  dismiss(@Param('id', new ZodPipe(objectIdSchema)) id: string) {
    return this.propositions.dismiss(id);
  }
}
