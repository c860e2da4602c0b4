import { NOTIFICATION_GROUP_LABELS, type NotificationSettingGroup } from '@skillers/domain';
import { escapeHtml, PRODUCT_NAME } from '../mail/mail-message';

const names = (groups: readonly NotificationSettingGroup[]) =>
  groups.map((group) => NOTIFICATION_GROUP_LABELS[group].toLowerCase()).join(', ');

const page = (title: string, body: string) =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} | ${PRODUCT_NAME}</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('\n');

/**
 * What the link in a mail opens: a button that posts the one-click unsubscribe. Nothing changes on the
 * opening itself, which mail scanners do for every link.
 */
export const confirmPage = (groups: readonly NotificationSettingGroup[], action: string): string =>
  page(
    'Stop these mails?',
    `<p>You will no longer get mails about ${escapeHtml(names(groups))}; they stay in the app.</p>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      '<button type="submit">Unsubscribe</button></form>',
  );

export const donePage = (groups: readonly NotificationSettingGroup[], message: string): string =>
  page(
    'Unsubscribed',
    `<p>${escapeHtml(message)}</p><p>No more mails about ${escapeHtml(names(groups))}. ` +
      'Choose again any time in Settings.</p>',
  );
