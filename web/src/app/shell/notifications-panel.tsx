import { Button, HeaderPanel } from '@carbon/react';
import {
  CheckmarkFilled,
  ErrorFilled,
  InformationFilled,
  Notification,
  WarningFilled,
} from '@carbon/icons-react';
import { useToastHistory } from '../../components/toasts/toast-context';
import type { ToastKind } from '../../components/toasts/toast-types';

const KIND_ICONS: Record<ToastKind, typeof ErrorFilled> = {
  success: CheckmarkFilled,
  error: ErrorFilled,
  warning: WarningFilled,
  info: InformationFilled,
};

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface NotificationsPanelProps {
  expanded: boolean;
}

/** The messages shown as toasts during this session, newest first, so a missed toast can be read. */
export function NotificationsPanel({ expanded }: NotificationsPanelProps) {
  const { history, clearHistory } = useToastHistory();

  return (
    // Named by the region inside: Carbon's HeaderPanel is a plain <div>, which may not carry a name.
    <HeaderPanel expanded={expanded} addFocusListeners={false} className="app-header-panel">
      {expanded && (
        <section aria-labelledby="header-notifications-title" className="app-header-panel__body">
          <div className="notifications-panel__header">
            <p id="header-notifications-title" className="app-header-panel__title">
              Notifications
            </p>
            {history.length > 0 && (
              <Button kind="ghost" size="sm" onClick={clearHistory}>
                Clear all
              </Button>
            )}
          </div>
          {history.length === 0 ? (
            <div className="notifications-panel__empty">
              <Notification size={32} aria-hidden="true" />
              <p className="notifications-panel__empty-title">No notifications</p>
              <p className="app-header-panel__hint">
                Messages shown during this session will be listed here.
              </p>
            </div>
          ) : (
            <ul className="notifications-panel__list" aria-label="Recent notifications">
              {history.map((record) => {
                const Icon = KIND_ICONS[record.kind];
                return (
                  <li
                    key={record.id}
                    className={`notifications-panel__item notifications-panel__item--${record.kind}`}
                  >
                    <Icon size={16} aria-label={record.kind} />
                    <div>
                      <p className="notifications-panel__item-title">{record.title}</p>
                      {record.subtitle && <p className="notifications-panel__item-text">{record.subtitle}</p>}
                      <p className="notifications-panel__item-time">{timeFormat.format(record.createdAt)}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </HeaderPanel>
  );
}
