import { Module } from '@nestjs/common';
import { EmailVerificationController, VerificationMailController } from './email-verification.controller';
import { EmailVerificationService } from './email-verification.service';
import { EmailVerificationsRepository } from './email-verifications.repository';

/** Confirming an account's email address through a mailed single-use link. */
@Module({
  controllers: [EmailVerificationController, VerificationMailController],
  providers: [EmailVerificationService, EmailVerificationsRepository],
})
export class EmailVerificationModule {}
