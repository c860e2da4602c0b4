import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { EmlFileMailSender, MAIL_FOLDER } from '../mail/eml-file.mail-sender';
import { MAIL_SENDER, type MailSender } from '../mail/mail-sender';
import { SmtpMailSender } from '../mail/smtp.mail-sender';

/** Outgoing mail: through the SMTP server of `SMTP_URL`, or as `.eml` files under `DATA_DIR/mail/`. */
@Global()
@Module({
  providers: [
    {
      provide: MAIL_SENDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailSender =>
        config.smtpUrl
          ? new SmtpMailSender(config.smtpUrl, config.mailFrom)
          : new EmlFileMailSender(join(config.dataDir, MAIL_FOLDER), config.mailFrom),
    },
  ],
  exports: [MAIL_SENDER],
})
export class MailPortsModule implements OnApplicationShutdown {
  constructor(@Inject(MAIL_SENDER) private readonly mail: MailSender) {}

  async onApplicationShutdown(): Promise<void> {
    await this.mail.close();
  }
}
