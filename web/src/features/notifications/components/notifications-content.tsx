import { Button } from '@carbon/react';
import {
  CheckmarkFilled,
  ErrorFilled,
  InformationFilled,
  Notification,
  WarningFilled,
} from '@carbon/icons-react';
import { useRef } from 'react';
import { useToastHistory } from '../../../components/toasts/toast-context';
import type { ToastKind } from '../../../components/toasts/toast-types';
import { formatTimeWithSeconds } from '../../../lib/format';
import CaseActivity from './case-activity';

const KIND_ICONS: Record<ToastKind, typeof ErrorFilled> = {
  success: CheckmarkFilled,
  error: ErrorFilled,
  warning: WarningFilled,
  info: InformationFilled,
};

interface NotificationsContentProps {
  /** The user may view cases: the panel shows what others did on theirs. */
  showCaseActivity: boolean;
  /** A notification was followed to its case. */
  onNavigate: () => void;
}

/**
 * What others did on the user's cases (from the server), then the messages shown as toasts during this
 * session, newest first, so a missed toast can be read.
 */
export default function NotificationsContent({ showCaseActivity, onNavigate }: NotificationsContentProps) {
  const { history, clearHistory } = useToastHistory();
  const sessionHeading = useRef<HTMLHeadingElement>(null);
  // Clear all goes with the list it clears: focus moves to the section's heading, not to <body>.
  function clearAll() {
    clearHistory();
    sessionHeading.current?.focus();
  }
  return (
    <>
      {showCaseActivity && (
        <section aria-labelledby="notifications-cases-title" className="notifications-panel__section">
          <h2 id="notifications-cases-title" className="notifications-panel__section-title">
            Your cases
          </h2>
          <CaseActivity onNavigate={onNavigate} />
        </section>
      )}
      <section aria-labelledby="notifications-session-title" className="notifications-panel__section">
        <div className="notifications-panel__header">
          <h2
            id="notifications-session-title"
            className="notifications-panel__section-title"
            ref={sessionHeading}
            tabIndex={-1}
          >
            This session
          </h2>
          {history.length > 0 && (
            <Button kind="ghost" size="sm" onClick={clearAll}>
              Clear all
            </Button>
          )}
        </div>
        {history.length === 0 && showCaseActivity ? (
          // Under the cases' activity, a line is enough.
          <p className="app-header-panel__hint">
            No messages yet. Those shown during this session are kept here.
          </p>
        ) : history.length === 0 ? (
          <div className="notifications-panel__empty">
            <Notification size={32} aria-hidden="true" />
            <p className="notifications-panel__empty-title">No notifications</p>
            <p className="app-header-panel__hint">Messages shown during this session will be listed here.</p>
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
                    <p className="notifications-panel__item-time">
                      {formatTimeWithSeconds(record.createdAt)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
