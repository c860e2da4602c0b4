import { Module } from '@nestjs/common';
import { PasswordChangeController, PasswordResetController } from './password.controller';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordService } from './password.service';

/** Forgotten passwords (a mailed single-use link) and changing one's password. */
@Module({
  controllers: [PasswordResetController, PasswordChangeController],
  providers: [PasswordService, PasswordResetsRepository],
})
export class PasswordModule {}
