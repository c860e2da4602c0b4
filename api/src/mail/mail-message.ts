import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMail } from './mail-sender';

/** The product's name, in every subject and footer. */
export const PRODUCT_NAME = 'Skillers';

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string,
  );

const footer = (mail: OutgoingMail): string[] => [
  `${PRODUCT_NAME}: find the people to build with.`,
  ...(mail.unsubscribeUrl ? [`Stop these mails: ${mail.unsubscribeUrl}`] : []),
];

const textPart = (mail: OutgoingMail): string =>
  [
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`] : []),
    '--',
    ...footer(mail),
  ].join('\n\n');

/** Plain markup with inline styles and no images, pixels or rewritten links: nothing reports an opening. */
const htmlPart = (mail: OutgoingMail): string => {
  const paragraphs = mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const action = mail.action
    ? [
        `<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;padding:10px 16px;` +
          `background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">` +
          `${escapeHtml(mail.action.label)}</a></p>`,
        `<p style="font-size:13px;color:#555555">${escapeHtml(mail.action.url)}</p>`,
      ]
    : [];
  const unsubscribe = mail.unsubscribeUrl
    ? ` <a href="${escapeHtml(mail.unsubscribeUrl)}" style="color:#555555">Stop these mails</a>`
    : '';
  return [
    '<!doctype html>',
    `<html><body style="font-family:Arial,sans-serif;font-size:15px;color:#1f2937;max-width:560px">`,
    `<h1 style="font-size:20px;color:#4f46e5">${PRODUCT_NAME}</h1>`,
    ...paragraphs,
    ...action,
    `<hr><p style="font-size:13px;color:#555555">${escapeHtml(footer(mail)[0])}${unsubscribe}</p>`,
    '</body></html>',
  ].join('\n');
};

/** The mail as nodemailer sends or writes it, the same for every adapter. */
export const mailMessage = (mail: OutgoingMail, from: string): SendMailOptions => ({
  from,
  to: mail.to,
  subject: `${mail.subject} | ${PRODUCT_NAME}`,
  text: textPart(mail),
  html: htmlPart(mail),
  ...(mail.unsubscribeUrl && {
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }),
});
