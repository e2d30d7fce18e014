import {
  HeaderMenuItem,
  HeaderSideNavItems,
  SideNav,
  SideNavItems,
  SideNavMenu,
  SideNavMenuItem,
} from '@carbon/react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { API_BASE_PATH } from '../../lib/api-url';
import { filterMenu, MENU } from '../nav';

interface SideNavigationProps {
  user: CurrentUser;
  expanded: boolean;
  onNavigate: () => void;
}

function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The side navigation of spec 2.2, filtered to what the user may open. */
export function SideNavigation({ user, expanded, onNavigate }: SideNavigationProps) {
  const { pathname } = useLocation();
  const items = useMemo(() => filterMenu(MENU, user), [user]);

  return (
    <SideNav
      aria-label="Side navigation"
      expanded={expanded}
      onOverlayClick={onNavigate}
      href="#main-content"
    >
      <SideNavItems>
        {/* The header's links, which Carbon hides in the header on narrow screens, shown here instead. */}
        <HeaderSideNavItems hasDivider>
          <HeaderMenuItem href={`${API_BASE_PATH}/docs`}>API Docs</HeaderMenuItem>
        </HeaderSideNavItems>
        {items.map((group) => (
          <SideNavMenu
            key={group.id}
            title={group.label}
            renderIcon={group.icon}
            defaultExpanded={group.expanded}
            // Carbon makes group toggles unfocusable while the nav is "collapsed", which on wide screens
            // (where it is always shown) locks keyboard users out; Carbon marks it inert when truly hidden.
            tabIndex={0}
            isActive={group.children?.some((child) => isActivePath(pathname, child.path))}
          >
            {group.children?.map((item) => (
              <SideNavMenuItem
                key={item.id}
                as={Link}
                to={item.path}
                isActive={isActivePath(pathname, item.path)}
                aria-current={isActivePath(pathname, item.path) ? 'page' : undefined}
                onClick={onNavigate}
              >
                {item.label}
              </SideNavMenuItem>
            ))}
          </SideNavMenu>
        ))}
      </SideNavItems>
    </SideNav>
  );
}
