import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module';
import { AccountController } from './account.controller';
import { AccountDataRemoval } from './account-data-removal';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { AccountRecords } from './account-records';
import { AdminAccountsController } from './admin-accounts.controller';

/** Leaving and taking one's data, for the user (/api/user) and the operator (/api/admin/users). */
@Module({
  imports: [AdminModule, NotificationSettingsModule],
  controllers: [AccountController, AdminAccountsController],
  providers: [AccountRecords, AccountExportService, AccountDataRemoval, AccountDeletionService],
})
export class AccountModule {}
