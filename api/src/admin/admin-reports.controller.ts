import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { objectIdSchema, type PageQuery, pageQuerySchema } from '@skillers/domain';
import { ZodPipe } from '../common/zod-body.pipe';
import { type ReportFilter, reportFilterSchema } from './admin-request.schemas';
import { AdminReportsService } from './admin-reports.service';
import { AdminTokenGuard } from './admin-token.guard';

const reportId = new ZodPipe(objectIdSchema);

@Controller('admin/reports')
@UseGuards(AdminTokenGuard)
export class AdminReportsController {
  constructor(private readonly reports: AdminReportsService) {}

  @Get()
  list(
    @Query(new ZodPipe(pageQuerySchema)) { page }: PageQuery,
    @Query(new ZodPipe(reportFilterSchema)) { status }: ReportFilter,
  ) {
    return this.reports.list(page, status);
  }

  @Post(':id/hide')
  @HttpCode(200)
  hide(@Param('id', reportId) id: string) {
    return this.reports.hide(id);
  }

  @Post(':id/restore')
  @HttpCode(200)
  restore(@Param('id', reportId) id: string) {
    return this.reports.restore(id);
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  dismiss(@Param('id', reportId) id: string) {
    return this.reports.dismiss(id);
  }
}
