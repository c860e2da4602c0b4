import { Body, Controller, Delete, Get, Header, HttpCode, UseGuards } from '@nestjs/common';
import { type DeleteAccountInput, deleteAccountSchema } from '@skillers/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { PerUserLimit } from '../auth/per-user-limit';
import type { AuthenticatedUser } from '../auth/token.service';
import { USER_LIMITS } from '../common/rate-limits';
import { ZodPipe } from '../common/zod-body.pipe';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';

/** Leaving: the user's data as a download, and deleting the account. */
@Controller('user')
@UseGuards(JwtAuthGuard)
export class AccountController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get('export')
  @Header('Content-Disposition', 'attachment; filename="skillers-data.json"')
  export(@CurrentUser() user: AuthenticatedUser) {
    return this.exports.export(user.id);
  }

  @Delete()
  @HttpCode(200)
  @PerUserLimit(USER_LIMITS.settings)
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(deleteAccountSchema)) { password }: DeleteAccountInput,
  ) {
    return this.deletion.deleteOwn(user.id, password);
  }
}
