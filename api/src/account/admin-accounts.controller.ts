import { Controller, Delete, Get, HttpCode, Query, UseGuards } from '@nestjs/common';
import { type AccountEmailQuery, accountEmailQuerySchema } from '@skillers/domain';
import { AdminTokenGuard } from '../admin/admin-token.guard';
import { ZodPipe } from '../common/zod-body.pipe';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';

const byEmail = new ZodPipe(accountEmailQuerySchema);

/** The same export and deletion for an operator, by email, for the command line. */
@Controller('admin/users')
@UseGuards(AdminTokenGuard)
export class AdminAccountsController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get('export')
  export(@Query(byEmail) { email }: AccountEmailQuery) {
    return this.exports.exportByEmail(email);
  }

  @Delete()
  @HttpCode(200)
  delete(@Query(byEmail) { email }: AccountEmailQuery) {
    return this.deletion.deleteByEmail(email);
  }
}
