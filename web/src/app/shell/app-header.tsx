import {
  Header,
  HeaderGlobalAction,
  HeaderGlobalBar,
  HeaderMenuButton,
  HeaderMenuItem,
  HeaderName,
  HeaderNavigation,
  SkipToContent,
  Theme,
} from '@carbon/react';
import { Notification, Search, UserAvatar } from '@carbon/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { API_BASE_PATH } from '../../lib/api-url';
import { useLogout } from '../../lib/session';
import { APP_TITLE } from '../routes';
import { hasPermission } from '@scamtrail/domain/permissions';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel';
import { unreadBadge, useUnreadNotifications } from '../../features/notifications/api/unread-notifications';
import { SearchPanel } from './search-panel';
import { SideNavigation } from './side-navigation';
import { usePanelDismiss } from './use-panel-dismiss';
import { useSideNavDismiss } from './use-side-nav-dismiss';
import { UserPanel } from './user-panel';
import { paths } from '../../lib/paths';

type PanelId = 'search' | 'notifications' | 'user';

/** The header of spec 2.2 with its side navigation and the three header panels. */
export function AppHeader({ user }: { user: CurrentUser }) {
  const [isSideNavExpanded, setSideNavExpanded] = useState(false);
  const [openPanel, setOpenPanel] = useState<PanelId | null>(null);
  const logout = useLogout();
  const showCaseActivity = hasPermission(user.permissions, 'case.view');
  const badge = unreadBadge(useUnreadNotifications(showCaseActivity).data);

  const closePanel = useCallback(() => setOpenPanel(null), []);
  const closeSideNav = useCallback(() => setSideNavExpanded(false), []);
  const menuButton = useRef<HTMLButtonElement>(null);
  useSideNavDismiss(isSideNavExpanded, closeSideNav, menuButton);
  const panelButtons = useRef<Partial<Record<PanelId, HTMLButtonElement | null>>>({});
  const openPanelButton = useCallback(
    () => (openPanel ? (panelButtons.current[openPanel] ?? null) : null),
    [openPanel],
  );
  usePanelDismiss(openPanel !== null, closePanel, openPanelButton);

  const togglePanel = (panel: PanelId) => setOpenPanel((current) => (current === panel ? null : panel));

  return (
    <>
      <Theme theme="g100">
        <Header aria-label={APP_TITLE}>
          <SkipToContent />
          <HeaderMenuButton
            ref={menuButton}
            aria-label={isSideNavExpanded ? 'Close menu' : 'Open menu'}
            onClick={() => setSideNavExpanded((expanded) => !expanded)}
            isActive={isSideNavExpanded}
            aria-expanded={isSideNavExpanded}
          />
          <HeaderName as={Link} to={paths.home()} prefix="">
            {APP_TITLE}
          </HeaderName>
          <HeaderNavigation aria-label={APP_TITLE}>
            <HeaderMenuItem href={`${API_BASE_PATH}/docs`}>API Docs</HeaderMenuItem>
          </HeaderNavigation>
          <HeaderGlobalBar>
            <HeaderGlobalAction
              aria-label="Search"
              aria-expanded={openPanel === 'search'}
              isActive={openPanel === 'search'}
              onClick={() => togglePanel('search')}
              ref={(button: HTMLButtonElement | null) => {
                panelButtons.current.search = button;
              }}
            >
              <Search size={20} />
            </HeaderGlobalAction>
            <HeaderGlobalAction
              aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
              aria-expanded={openPanel === 'notifications'}
              isActive={openPanel === 'notifications'}
              onClick={() => togglePanel('notifications')}
              ref={(button: HTMLButtonElement | null) => {
                panelButtons.current.notifications = button;
              }}
            >
              <Notification size={20} />
              {badge && (
                <span className="app-header__badge" aria-hidden="true">
                  {badge}
                </span>
              )}
            </HeaderGlobalAction>
            <HeaderGlobalAction
              aria-label="User"
              aria-expanded={openPanel === 'user'}
              isActive={openPanel === 'user'}
              tooltipAlignment="end"
              onClick={() => togglePanel('user')}
              ref={(button: HTMLButtonElement | null) => {
                panelButtons.current.user = button;
              }}
            >
              <UserAvatar size={20} />
            </HeaderGlobalAction>
          </HeaderGlobalBar>
          <SearchPanel expanded={openPanel === 'search'} onClose={closePanel} />
          <NotificationsPanel
            expanded={openPanel === 'notifications'}
            showCaseActivity={showCaseActivity}
            onNavigate={closePanel}
          />
          <UserPanel
            user={user}
            expanded={openPanel === 'user'}
            onClose={closePanel}
            onLogout={() => {
              closePanel();
              void logout();
            }}
          />
        </Header>
      </Theme>
      <SideNavigation user={user} expanded={isSideNavExpanded} onNavigate={closeSideNav} />
    </>
  );
}
