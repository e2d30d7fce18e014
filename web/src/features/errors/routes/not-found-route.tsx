import { Button } from '@carbon/react';
import { Unknown } from '@carbon/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../lib/paths';

/** 404 - Page Not Found: every path the route table does not know. */
export function NotFoundRoute() {
  return (
    <div className="error-page">
      <EmptyState
        headingLevel={1}
        icon={Unknown}
        title="404 - Page Not Found"
        description="The page you are looking for does not exist or has moved. Check the address, or start again from the home page."
        action={
          <Button as={Link} to={paths.home()}>
            Go to the home page
          </Button>
        }
      />
    </div>
  );
}
