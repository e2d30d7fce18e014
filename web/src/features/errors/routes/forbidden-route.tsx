import { Button } from '@carbon/react';
import { Locked } from '@carbon/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../lib/paths';

/** 403 - Access Denied (/forbidden): where the guard sends a user without the route's role. */
export function ForbiddenRoute() {
  return (
    <div className="error-page">
      <EmptyState
        headingLevel={1}
        icon={Locked}
        title="403 - Access Denied"
        description="You do not have permission to view this page. If you need access, ask an administrator to change your role."
        action={
          <Button as={Link} to={paths.cases()}>
            Go to Cases
          </Button>
        }
      />
    </div>
  );
}
