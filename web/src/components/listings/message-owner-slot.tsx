import type { ComponentType } from 'react';

/** What the "message the owner" box receives: who it writes to, and which page it sits on. */
export interface MessageOwnerProps {
  /** The user id of the project's creator or of the profile's owner. */
  recipientId: string;
  /** The project page and the profile page word the box differently. */
  variant: 'project' | 'teammate';
}

// The message box belongs to the conversations feature's shared component, `MessageOwner` exported
// from components/message-owner/message-owner.tsx. Until that file exists the glob finds nothing and
// the slot stays empty, so the detail pages never depend on a screen that is not there yet.
const found = import.meta.glob<{ MessageOwner?: ComponentType<MessageOwnerProps> }>(
  '../message-owner/message-owner.tsx',
  { eager: true },
);
const MessageOwner = Object.values(found)[0]?.MessageOwner;

/** Where a non-owner writes to the owner of a project or profile. */
export const MessageOwnerSlot = (props: MessageOwnerProps) =>
  MessageOwner ? <MessageOwner {...props} /> : null;
