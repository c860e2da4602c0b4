import { simpleParser, type ParsedMail } from 'mailparser';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmlFileMailSender } from './eml-file.mail-sender';
import { startMailCatcher, type MailCatcher } from './mail-catcher.testing';
import type { MailSender, OutgoingMail } from './mail-sender';
import { SmtpMailSender } from './smtp.mail-sender';

const FROM = 'Skillers <no-reply@skillers.example>';

const alert: OutgoingMail = {
  to: 'ada@example.com',
  subject: 'A new match for <Rust> & you',
  paragraphs: ['Someone matches your saved search "Rust <3".'],
  action: { label: 'See the match', url: 'https://skillers.example/profiles/1?a=1&b=2' },
  unsubscribeUrl: 'https://skillers.example/api/unsubscribe?token=abc',
};

/** A header as it was written (mailparser folds the List-* headers into one parsed `list`). */
const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((line) => line.key === key)?.line;

/** What every adapter must deliver, read back from what arrived. */
const expectDelivered = (mail: ParsedMail) => {
  expect(mail.from?.value).toEqual([{ name: 'Skillers', address: 'no-reply@skillers.example' }]);
  expect(mail.subject).toBe('A new match for <Rust> & you | Skillers');
  expect(mail.text).toContain('Someone matches your saved search "Rust <3".');
  expect(mail.text).toContain('See the match: https://skillers.example/profiles/1?a=1&b=2');
  expect(mail.text).toContain('Skillers');
  // The HTML part escapes the text and carries no image, pixel or script.
  expect(mail.html).toContain('Rust &lt;3');
  expect(mail.html).toContain('href="https://skillers.example/profiles/1?a=1&amp;b=2"');
  expect(mail.html).not.toMatch(/<img|<script|<iframe/i);
  // RFC 8058 one-click unsubscribe.
  expect(headerLine(mail, 'list-unsubscribe')).toBe(
    'List-Unsubscribe: <https://skillers.example/api/unsubscribe?token=abc>',
  );
  expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
};

describe('SmtpMailSender', () => {
  let catcher: MailCatcher;
  let sender: MailSender;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    sender = new SmtpMailSender(catcher.url, FROM);
  });
  afterAll(async () => {
    await sender.close();
    await catcher.close();
  });

  it('hands the mail to a real SMTP server, in plain text and HTML with the unsubscribe headers', async () => {
    await sender.send(alert);
    expectDelivered(await catcher.mailTo('ada@example.com'));
  });

  it('leaves the unsubscribe headers out of a mail the user asked for', async () => {
    await sender.send({ ...alert, to: 'bob@example.com', unsubscribeUrl: undefined });
    const mail = await catcher.mailTo('bob@example.com');
    expect(headerLine(mail, 'list-unsubscribe')).toBeUndefined();
    expect(headerLine(mail, 'list-unsubscribe-post')).toBeUndefined();
    expect(mail.text).not.toContain('Stop these mails');
  });

  it('fails the send when the server cannot be reached', async () => {
    const unreachable = new SmtpMailSender('smtp://127.0.0.1:1', FROM);
    await expect(unreachable.send(alert)).rejects.toThrow();
    await unreachable.close();
  });
});

describe('EmlFileMailSender', () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'skillers-mail-')), 'mail');
  afterAll(() => rmSync(join(folder, '..'), { recursive: true, force: true }));

  it('writes each mail as one .eml file in the folder, which it makes when missing', async () => {
    const sender = new EmlFileMailSender(folder, FROM);
    const log = vi.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await sender.send(alert);
    // One log line, naming the file.
    expect(log).toHaveBeenCalledTimes(1);
    const [file] = readdirSync(folder);
    expect(String(log.mock.calls[0][0])).toContain(join(folder, file));
    log.mockRestore();
    await sender.send({ ...alert, to: 'bob@example.com' });
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    expectDelivered(await simpleParser(readFileSync(join(folder, files[0]))));
  });
});
