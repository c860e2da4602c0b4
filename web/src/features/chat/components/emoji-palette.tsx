import { useId, useState } from 'react';
import { SmileIcon } from './chat-icons';

/** A palette of 10 emojis. Names are what screen readers announce. */
export const EMOJIS = [
  { emoji: '😀', name: 'Grinning face' },
  { emoji: '😂', name: 'Face with tears of joy' },
  { emoji: '😍', name: 'Smiling face with heart eyes' },
  { emoji: '👍', name: 'Thumbs up' },
  { emoji: '🙏', name: 'Folded hands' },
  { emoji: '🎉', name: 'Party popper' },
  { emoji: '🔥', name: 'Fire' },
  { emoji: '💡', name: 'Light bulb' },
  { emoji: '🚀', name: 'Rocket' },
  { emoji: '❤️', name: 'Red heart' },
] as const;

interface EmojiPaletteProps {
  disabled: boolean;
  onPick(emoji: string): void;
}

/** A button that opens the palette; a picked emoji goes to the end of the message. */
export const EmojiPalette = ({ disabled, onPick }: EmojiPaletteProps) => {
  const [open, setOpen] = useState(false);
  const paletteId = useId();
  return (
    <div
      className="emoji-palette"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="chat-composer__tool"
        aria-label="Add an emoji"
        title="Add an emoji"
        aria-expanded={open}
        aria-controls={paletteId}
        disabled={disabled}
        onClick={() => setOpen((current) => !current)}
      >
        <SmileIcon />
      </button>
      <div id={paletteId} className="emoji-palette__grid" role="group" aria-label="Emojis" hidden={!open}>
        {EMOJIS.map(({ emoji, name }) => (
          <button
            key={emoji}
            type="button"
            className="emoji-palette__emoji"
            aria-label={name}
            title={name}
            onClick={() => onPick(emoji)}
          >
            {emoji}
          </button>
        ))}
      </div>
    </div>
  );
};
