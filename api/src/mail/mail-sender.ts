/** The port of outgoing mail; `api/src/ports/mail-ports.module.ts` picks its adapter. */
export const MAIL_SENDER = Symbol('MAIL_SENDER');

/** One mail, written once: both its plain-text and its HTML part are made from these fields. */
export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain-text paragraphs, escaped into the HTML part. */
  paragraphs: readonly string[];
  /** The one link the mail is about: a button in HTML, the bare address in plain text. */
  action?: { label: string; url: string };
  /**
   * Where a one-click unsubscribe (RFC 8058) goes, for mail a user may opt out of; a mail the user asked
   * for (a password reset) has none.
   */
  unsubscribeUrl?: string;
}

export interface MailSender {
  /** Which adapter sends, for the logs: `smtp` or `eml-file`. */
  readonly adapter: string;
  /** Resolves once the mail is handed over: accepted by the SMTP server, or its file written. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
