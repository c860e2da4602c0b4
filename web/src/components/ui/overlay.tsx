import { createPortal } from 'react-dom';
import './overlay.css';

/** A short confirmation floating above the page; render it only while it should show. */
export const Overlay = ({ message }: { message: string }) =>
  createPortal(
    <div className="overlay" role="status" aria-live="polite">
      <div className="overlay__card">
        <svg className="overlay__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
        <p className="overlay__message">{message}</p>
      </div>
    </div>,
    document.body,
  );
