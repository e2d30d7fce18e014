import { Button, HeaderPanel, Tag } from '@carbon/react';
import { Logout, UserProfile } from '@carbon/icons-react';
import { Link } from 'react-router';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { fullName } from '@scamtrail/domain/names';
import { ROLE_LABELS } from '@scamtrail/domain/permissions';
import { paths } from '../../lib/paths';

interface UserPanelProps {
  user: CurrentUser;
  expanded: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/** The user button's panel (spec 2.2): name, e-mail, a Profile link and Logout. */
export function UserPanel({ user, expanded, onClose, onLogout }: UserPanelProps) {
  return (
    // Named by the region inside: Carbon's HeaderPanel is a plain <div>, which may not carry a name.
    <HeaderPanel expanded={expanded} addFocusListeners={false} className="app-header-panel">
      {expanded && (
        <section aria-label="User" className="app-header-panel__body">
          <div className="user-panel__identity">
            <p className="user-panel__name">{fullName(user) || 'User'}</p>
            <p className="user-panel__email">{user.email || 'No email'}</p>
            <Tag type="cool-gray" size="sm">
              {ROLE_LABELS[user.role] ?? user.role}
            </Tag>
          </div>
          <Button as={Link} to={paths.profile()} kind="ghost" renderIcon={UserProfile} onClick={onClose}>
            Profile
          </Button>
          <Button kind="secondary" renderIcon={Logout} onClick={onLogout}>
            Logout
          </Button>
        </section>
      )}
    </HeaderPanel>
  );
}
