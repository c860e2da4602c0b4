import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { mailMessage } from './mail-message';
import type { MailSender, OutgoingMail } from './mail-sender';

/** The folder under `DATA_DIR` where mail goes when no `SMTP_URL` is set. */
export const MAIL_FOLDER = 'mail';

/**
 * The embedded setup's mail: each mail becomes one `.eml` file (what a mail client opens) and one log line
 * naming it, so a fresh machine needs no mail server and an operator still sees every mail.
 */
export class EmlFileMailSender implements MailSender {
  readonly adapter = 'eml-file';
  private readonly logger = new Logger('Mail');
  private readonly composer: Transporter = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(
    private readonly folder: string,
    private readonly from: string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const { message } = (await this.composer.sendMail(mailMessage(mail, this.from))) as { message: Buffer };
    await mkdir(this.folder, { recursive: true });
    // Time first, so a folder listing reads in sending order.
    const file = join(
      this.folder,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    // Written aside, then renamed: whoever lists the folder never opens half a mail.
    const partial = `${file}.partial`;
    const handle = await open(partial, 'wx');
    try {
      await handle.writeFile(message);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    this.logger.log(`Mail "${mail.subject}" written to ${file}`);
  }

  async close(): Promise<void> {}
}
