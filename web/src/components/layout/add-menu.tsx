import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createDelayedHide, type Visibility } from '../../lib/delayed-hide';
import { ChevronDownIcon } from '../ui/icons';

/** The spec's timing: the menu starts hiding 300 ms after the pointer leaves, and is gone 500 ms later. */
export const ADD_MENU_HIDE_DELAY_MS = 300;
export const ADD_MENU_REMOVE_DELAY_MS = 500;

export const AddMenu = () => {
  const [visibility, setVisibility] = useState<Visibility>('hidden');
  const [menu] = useState(() =>
    createDelayedHide({
      hideAfterMs: ADD_MENU_HIDE_DELAY_MS,
      removeAfterMs: ADD_MENU_REMOVE_DELAY_MS,
      onChange: setVisibility,
    }),
  );
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const open = visibility !== 'hidden';

  useEffect(() => menu.dispose, [menu]);

  useEffect(() => {
    if (!open) return;
    // Touch has no hover to leave: a tap anywhere else closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) menu.hideNow();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, menu]);

  return (
    <div
      ref={root}
      className="add-menu"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') menu.show();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') menu.scheduleHide();
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) menu.scheduleHide();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          menu.hideNow();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="top-bar__link add-menu__button"
        aria-expanded={visibility === 'shown'}
        aria-controls={open ? panelId : undefined}
        onClick={() => menu.show()}
      >
        Add <ChevronDownIcon />
      </button>
      {open && (
        <div
          id={panelId}
          className={`add-menu__panel${visibility === 'hiding' ? ' add-menu__panel--hiding' : ''}`}
        >
          <Link className="add-menu__item" to="/project/add" onClick={() => menu.hideNow()}>
            Add Project
          </Link>
          <Link className="add-menu__item" to="/teammates/add" onClick={() => menu.hideNow()}>
            Add Teammate
          </Link>
        </div>
      )}
    </div>
  );
};
