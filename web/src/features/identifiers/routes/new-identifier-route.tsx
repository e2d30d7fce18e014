import { Button, ButtonSet } from '@carbon/react';
import { Locked } from '@carbon/icons-react';
import { hasPermission } from '@scamtrail/domain/permissions';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';
import { useToast } from '../../../components/toasts/toast-context';
import { buildLoginPath, fullPath } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { useCreateIdentifier } from '../api/create-identifier';
import { IdentifierForm } from '../components/identifier-form';
import { useIdentifierForm } from '../components/use-identifier-form';
import { useIdentifierSubmit } from '../components/use-identifier-submit';
import { useReportedBy } from '../components/use-reported-by';
import { CREATE_FAILED_MESSAGE } from '../utils/save-failure';
import { paths } from '../../../lib/paths';
import { listTrail } from '../../../app/breadcrumbs';
import '../components/identifiers.scss';
import { useDefaultPhoneRegion } from '../../../lib/phone-region';

const detailPath = (id: string) => paths.identifiers({ open: id });

const BREADCRUMBS = listTrail('identifiers');

/**
 * New Identifier (/identifiers/new). The route has no login flag (spec 2.1), so the screen mirrors the
 * server itself: a visitor who is not signed in is sent to sign in, and a user whose role may not
 * create identifiers is told so instead of being given a form whose Create can only fail.
 */
export function NewIdentifierRoute() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={buildLoginPath(fullPath(location))} replace />;
  if (!hasPermission(user.permissions, 'identifier.create')) {
    return (
      <PageLayout breadcrumbs={BREADCRUMBS} title="New Identifier">
        <EmptyState
          icon={Locked}
          title="You cannot create identifiers"
          description="Your role lets you view identifiers but not record new ones. Ask an administrator if you need to."
          action={<Link to={paths.identifiers()}>Back to identifiers</Link>}
        />
      </PageLayout>
    );
  }
  return <NewIdentifierForm />;
}

/** The create form as a page; afterwards the new identifier opens. */
function NewIdentifierForm() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const form = useIdentifierForm();
  const defaultPhoneRegion = useDefaultPhoneRegion();
  const create = useCreateIdentifier();
  const reportedBy = useReportedBy();
  const { failure, isSaving, formRef, submit } = useIdentifierSubmit(
    form,
    (body) => create.mutateAsync(reportedBy.withReportedBy(body)),
    CREATE_FAILED_MESSAGE,
    (item) => {
      showToast({ kind: 'success', title: 'Identifier created', subtitle: item.displayValue });
      void navigate(detailPath(item.id));
    },
  );

  return (
    <PageLayout
      breadcrumbs={BREADCRUMBS}
      title="New Identifier"
      description="Record an e-mail address, phone number, bank account, wallet or social media account used in a scam."
    >
      <div className="identifier-page-form">
        <IdentifierForm
          formRef={formRef}
          form={form}
          idPrefix="new-identifier"
          detection
          defaultPhoneRegion={defaultPhoneRegion}
          reportedBy={reportedBy.field}
          disabled={isSaving}
          failure={failure}
          onOpenExisting={(id) => void navigate(detailPath(id))}
          onSubmit={() => void submit()}
          actions={
            <ButtonSet className="identifier-page-form__actions">
              <Button kind="secondary" disabled={isSaving} onClick={() => void navigate(paths.identifiers())}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
                {isSaving ? 'Creating...' : 'Create'}
              </Button>
            </ButtonSet>
          }
        />
      </div>
    </PageLayout>
  );
}
