import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the test server, which has no SMTP_URL, writes each mail as an .eml file. */
const MAIL_FOLDER = join(process.env.SKILLERS_E2E_DATA_DIR ?? '', 'mail');

/** The mails to `address` whose subject starts with `subject`, oldest first (files are named by time). */
const arrivedTo = async (address: string, subject: string): Promise<ParsedMail[]> => {
  if (!existsSync(MAIL_FOLDER)) return [];
  const files = readdirSync(MAIL_FOLDER)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(join(MAIL_FOLDER, name)))));
  return mails.filter(
    (mail) =>
      [mail.to ?? []].flat().some((to) => to.value.some((entry) => entry.address === address)) &&
      (mail.subject ?? '').startsWith(subject),
  );
};

/** The mails to `address` (with `subject`, as below), oldest first, once `count` have arrived. */
export const mailsTo = async (address: string, subject: string, count: number): Promise<ParsedMail[]> => {
  await expect.poll(async () => (await arrivedTo(address, subject)).length).toBeGreaterThanOrEqual(count);
  return arrivedTo(address, subject);
};

/**
 * The first mail that reached `address`, once it has arrived (it leaves after the server's answer); with
 * `subject`, the first whose subject starts with it (an account gets its confirmation mail first).
 */
export const mailTo = async (address: string, subject = ''): Promise<ParsedMail> =>
  (await mailsTo(address, subject, 1))[0];
