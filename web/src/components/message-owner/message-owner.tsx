import { CHAT_EVENTS, CHAT_MESSAGES, MESSAGE_MAX_LENGTH } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { useFlash } from '../../lib/use-flash';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { sendToOwner } from './message-owner.api';
import './message-owner.css';

/** The success note stays for 3.5 seconds. */
export const MESSAGE_SENT_NOTE_MS = 3500;

export interface MessageOwnerProps {
  /** The user id of the project's creator or of the profile's owner. */
  recipientId: string;
  variant: 'project' | 'teammate';
}

/** The project page and the profile page word the box differently. */
const WORDING = {
  teammate: { label: 'Write a message...', action: 'Send', sent: CHAT_MESSAGES.messageSent },
  project: {
    label: 'Send a message to project creator!',
    action: 'Send a message',
    sent: CHAT_MESSAGES.messageSentToCreator,
  },
} as const;

/** Blocked-by-you and the first-contact limit are shown as the server words them. */
const failureText = (error: Error) => {
  if (!(error instanceof ApiError)) return CHAT_MESSAGES.sendFailed;
  if (error.status === 401) return CHAT_MESSAGES.loginRequired;
  if (error.status === 403 || error.status === 429) return error.message;
  return CHAT_MESSAGES.sendFailed;
};

const MessageIcon = () => (
  <svg
    className="message-owner__icon"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M4 5h16v11H8l-4 4z" />
    <path d="M8 9h8M8 12.5h5" />
  </svg>
);

/**
 * Writes to the owner of a project or profile. The detail screen hides it from the owner. After a
 * send the conversation's room is joined: the send itself already pushed the message into it.
 */
export const MessageOwner = ({ recipientId, variant }: MessageOwnerProps) => {
  const wording = WORDING[variant];
  const { token } = useAuth();
  const [text, setText] = useState('');
  const [sentNote, showSentNote] = useFlash(MESSAGE_SENT_NOTE_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();
  const trimmed = text.trim();

  const send = useMutation({
    mutationFn: (message: string) => sendToOwner(recipientId, message),
    onSuccess: (message) => {
      setText('');
      showSentNote(wording.sent);
      // Loaded on the first send only: most visitors of a detail page never need the socket client.
      if (token) {
        void import('../../lib/socket').then(({ chatSocketFor }) =>
          chatSocketFor(token).emit(CHAT_EVENTS.join, message.conversationId),
        );
      }
    },
    onError: (error) => setFailure(failureText(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || send.isPending) return;
    if (!token) {
      setFailure(CHAT_MESSAGES.loginRequired);
      return;
    }
    setFailure(null);
    send.mutate(trimmed);
  };

  const fieldProps = {
    id: inputId,
    className: 'message-owner__input',
    placeholder: wording.label,
    value: text,
    maxLength: MESSAGE_MAX_LENGTH,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
  };

  return (
    <form
      className={`message-owner message-owner--${variant}`}
      onSubmit={submit}
      aria-label="Message the owner"
    >
      <div className="message-owner__row">
        <label htmlFor={inputId} className="message-owner__label">
          <MessageIcon />
          <span className="visually-hidden">{wording.label}</span>
        </label>
        {variant === 'project' ? <textarea rows={3} {...fieldProps} /> : <input {...fieldProps} />}
        <Button type="submit" disabled={!trimmed} busy={send.isPending}>
          {wording.action}
        </Button>
      </div>
      {sentNote && (
        <Notice tone="success">
          {sentNote}{' '}
          <Link to={`/conversations?friendId=${encodeURIComponent(recipientId)}`}>Open the conversation</Link>
        </Notice>
      )}
      {failure && (
        <Notice tone="error">
          {failure}
          {failure === CHAT_MESSAGES.loginRequired && (
            <>
              {' '}
              <Link to="/login">Sign in</Link>
            </>
          )}
        </Notice>
      )}
    </form>
  );
};
