import { Button, ButtonSet } from '@carbon/react';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/page-layout';
import { useToast } from '../../../components/toasts/toast-context';
import { useCreateIdentifier } from '../api/create-identifier';
import { IdentifierForm } from '../components/identifier-form';
import { useIdentifierForm } from '../components/use-identifier-form';
import { useIdentifierSubmit } from '../components/use-identifier-submit';
import { OPEN_PARAM } from '../utils/list-params';
import { CREATE_FAILED_MESSAGE } from '../utils/save-failure';
import '../components/identifiers.scss';

const detailPath = (id: string) => `/identifiers?${OPEN_PARAM}=${encodeURIComponent(id)}`;

/** New Identifier (/identifiers/new): the create form as a page; afterwards the new identifier opens. */
export function NewIdentifierRoute() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const form = useIdentifierForm();
  const create = useCreateIdentifier();
  const { failure, isSaving, formRef, submit } = useIdentifierSubmit(
    form,
    create.mutateAsync,
    CREATE_FAILED_MESSAGE,
    (item) => {
      showToast({ kind: 'success', title: 'Identifier created', subtitle: item.displayValue });
      void navigate(detailPath(item.id));
    },
  );

  return (
    <PageLayout
      breadcrumbs={[
        { label: 'Home', to: '/' },
        { label: 'Data Management' },
        { label: 'Identifiers', to: '/identifiers' },
      ]}
      title="New Identifier"
      description="Record an e-mail address, phone number, bank account, wallet or social media account used in a scam."
    >
      <div className="identifier-page-form">
        <IdentifierForm
          formRef={formRef}
          form={form}
          idPrefix="new-identifier"
          detection
          disabled={isSaving}
          failure={failure}
          onOpenExisting={(id) => void navigate(detailPath(id))}
          onSubmit={() => void submit()}
          actions={
            <ButtonSet className="identifier-page-form__actions">
              <Button kind="secondary" disabled={isSaving} onClick={() => void navigate('/identifiers')}>
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
