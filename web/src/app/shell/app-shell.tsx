import { Content } from '@carbon/react';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** Header, side navigation, main content and footer for a signed-in user. */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="app-shell">
      <AppHeader user={user} />
      <Content id="main-content" className="app-content" tabIndex={-1}>
        {children}
      </Content>
      <AppFooter />
    </div>
  );
}
