import { createTransport, type Transporter } from 'nodemailer';
import { mailMessage } from './mail-message';
import type { MailSender, OutgoingMail } from './mail-sender';

/** Sends through the SMTP server of `SMTP_URL` (a relay, or the compose file's mail catcher). */
export class SmtpMailSender implements MailSender {
  readonly adapter = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(mailMessage(mail, this.from));
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
