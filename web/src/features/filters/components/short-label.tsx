/**
 * A button text that shortens on narrower screens (docs/web-app.md: filter labels change at 1450 px
 * and 800 px). The button keeps the full text as its accessible name, which holds the short one.
 */
export const ShortLabel = ({ full, short, under }: { full: string; short: string; under: 1450 | 800 }) => (
  <>
    <span className={`short-label__full short-label__full--${under}`}>{full}</span>
    <span className={`short-label__short short-label__short--${under}`}>{short}</span>
  </>
);
