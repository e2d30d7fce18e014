import { HeaderPanel } from '@carbon/react';
import { lazy, Suspense } from 'react';

// Loaded when the panel first opens: the first screen carries only the bell and its count.
const NotificationsContent = lazy(() => import('./notifications-content'));

interface NotificationsPanelProps {
  expanded: boolean;
  /** The user may view cases: the panel shows what others did on theirs. */
  showCaseActivity: boolean;
  /** A notification was followed to its case. */
  onNavigate: () => void;
}

/** The bell's panel: its title, then its content once loaded (`notifications-content.tsx`). */
export function NotificationsPanel({ expanded, showCaseActivity, onNavigate }: NotificationsPanelProps) {
  return (
    // Named by the region inside: Carbon's HeaderPanel is a plain <div>, which may not carry a name.
    <HeaderPanel expanded={expanded} addFocusListeners={false} className="app-header-panel">
      {expanded && (
        <section aria-labelledby="header-notifications-title" className="app-header-panel__body">
          <p id="header-notifications-title" className="app-header-panel__title">
            Notifications
          </p>
          {/* Plain text: Carbon's skeleton is not part of the first load, and the wait is short. */}
          <Suspense fallback={<p className="app-header-panel__hint">Loading…</p>}>
            <NotificationsContent showCaseActivity={showCaseActivity} onNavigate={onNavigate} />
          </Suspense>
        </section>
      )}
    </HeaderPanel>
  );
}
