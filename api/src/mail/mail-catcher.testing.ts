import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free loopback port that keeps every mail it accepts, parsed. */
export interface MailCatcher {
  /** The `SMTP_URL` that reaches it. */
  url: string;
  mails: ParsedMail[];
  /**
   * The first mail to `address` that arrived, waiting for it if need be; with `subject`, the first whose
   * subject starts with it (an account gets its confirmation mail first).
   */
  mailTo(address: string, subject?: string): Promise<ParsedMail>;
  /** The mails to `address` (and with `subject`, as above) in the order they arrived, once `count` have. */
  mailsTo(address: string, subject: string, count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** The confirmation every sign-up mails: tests of other mails leave it out. */
export const isConfirmationMail = (mail: ParsedMail): boolean =>
  (mail.subject ?? '').startsWith('Confirm your email address');

const recipients = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address ?? ''));

/** Every mail that reached `address` so far but the sign-up confirmation, in the order they came. */
export const mailsAfterSignUp = (catcher: MailCatcher, address: string): ParsedMail[] =>
  catcher.mails.filter((mail) => !isConfirmationMail(mail) && recipients(mail).includes(address));

export const startMailCatcher = async (): Promise<MailCatcher> => {
  const mails: ParsedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          for (const wake of waiting) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string, subject: string, count: number) =>
    new Promise<ParsedMail[]>((resolve) => {
      const look = () => {
        const found = mails.filter(
          (mail) => recipients(mail).includes(address) && (mail.subject ?? '').startsWith(subject),
        );
        if (found.length < count) return;
        waiting.delete(look);
        resolve(found);
      };
      waiting.add(look);
      look();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailTo: async (address, subject = '') => (await mailsTo(address, subject, 1))[0],
    mailsTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
