import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../ui/icons';
import { relativeTime } from '../../lib/relative-time';
import { markAllNotificationsRead, notificationsQuery } from './notifications.api';
import { notificationLink, notificationText } from './notification-text';
import { StillOpenButton } from './still-open-button';
import { UnreadBadge } from './unread-badge';

/** The bell in the top bar: the latest 50 events, newest first, and "Mark all read". */
export const NotificationBell = ({ unread }: { unread: number }) => {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery);
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const notifications = list.data?.notifications ?? [];
  return (
    <div ref={root} className="notification-bell">
      <button
        type="button"
        className="top-bar__icon-link notification-bell__button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        <UnreadBadge count={unread} />
      </button>
      {open && (
        <section id={panelId} className="notification-bell__panel" aria-label="Notifications">
          <header className="notification-bell__header">
            <h2 className="notification-bell__title">Notifications</h2>
            <button
              type="button"
              className="notification-bell__mark"
              disabled={markAll.isPending || notifications.every((item) => item.read)}
              onClick={() => markAll.mutate()}
            >
              Mark all read
            </button>
          </header>
          {notifications.length === 0 ? (
            <p className="notification-bell__empty">Nothing new yet.</p>
          ) : (
            <ul className="notification-bell__list">
              {notifications.map((notification) => (
                <li
                  key={notification._id}
                  className={`notification-bell__item${notification.read ? '' : ' notification-bell__item--unread'}`}
                >
                  <Link
                    to={notificationLink(notification)}
                    className="notification-bell__link"
                    onClick={() => setOpen(false)}
                  >
                    <span>{notificationText(notification)}</span>
                    <time className="notification-bell__time" dateTime={notification.createdAt}>
                      {relativeTime(notification.createdAt)}
                    </time>
                  </Link>
                  {notification.kind === 'open_lapsed' && notification.listing && (
                    <StillOpenButton listing={notification.listing} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
};
