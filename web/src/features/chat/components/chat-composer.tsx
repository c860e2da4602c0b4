import { MESSAGE_MAX_LENGTH } from '@skillers/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PaperclipIcon } from './chat-icons';
import { EmojiPalette } from './emoji-palette';

const FILE_NOTE = 'Only the file name is shared in this chat: the file itself is not uploaded.';

interface ChatComposerProps {
  /** No conversation is chosen: nothing can be written or sent. */
  disabled: boolean;
  busy: boolean;
  /** `sent` clears the box once the message is stored; a failure keeps the text for another try. */
  onSend(text: string, sent: () => void): void;
  onFile(fileName: string): void;
}

export const ChatComposer = ({ disabled, busy, onSend, onFile }: ChatComposerProps) => {
  const [text, setText] = useState('');
  const fileNoteId = useId();
  const trimmed = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sending does nothing without text or without a chosen user.
    if (disabled || busy || !trimmed) return;
    onSend(trimmed, () => setText(''));
  };

  return (
    <form className="chat-composer" onSubmit={submit} aria-label="Send a message">
      <label className="chat-composer__tool chat-composer__attach" title={FILE_NOTE} aria-disabled={disabled}>
        <PaperclipIcon />
        <input
          type="file"
          className="visually-hidden"
          aria-label="Attach a file"
          aria-describedby={fileNoteId}
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file.name);
            // The same file can be picked again.
            event.target.value = '';
          }}
        />
      </label>
      <span id={fileNoteId} className="visually-hidden">
        {FILE_NOTE}
      </span>
      <EmojiPalette disabled={disabled} onPick={(emoji) => setText((current) => current + emoji)} />
      <input
        className="chat-composer__input"
        aria-label="Write a message"
        placeholder="Write a message..."
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={disabled || !trimmed} busy={busy}>
        Send
      </Button>
    </form>
  );
};
