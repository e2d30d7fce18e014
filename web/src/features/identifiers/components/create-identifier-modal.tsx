import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useCreateIdentifier } from '../api/create-identifier';
import { CREATE_FAILED_MESSAGE } from '../utils/save-failure';
import { IdentifierForm } from './identifier-form';
import { useIdentifierForm } from './use-identifier-form';
import { useIdentifierSubmit } from './use-identifier-submit';
import { useReportedBy } from './use-reported-by';
import { useDefaultPhoneRegion } from '../../../lib/phone-region';

interface CreateIdentifierModalProps {
  onClose: () => void;
  onCreated: () => void;
  /** Opens the identifier a duplicate collided with. */
  onOpenExisting: (id: string) => void;
}

/** "Create New Identifier" (spec 2.3): large, kept open on outside clicks, Create and Cancel. */
export function CreateIdentifierModal({ onClose, onCreated, onOpenExisting }: CreateIdentifierModalProps) {
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
      onCreated();
    },
  );

  return (
    <AppModal
      open
      size="lg"
      title="Create New Identifier"
      primaryButtonText="Create"
      secondaryButtonText="Cancel"
      loading={isSaving}
      loadingDescription="Creating..."
      preventCloseOnClickOutside
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <IdentifierForm
        formRef={formRef}
        form={form}
        idPrefix="create-identifier"
        detection
        defaultPhoneRegion={defaultPhoneRegion}
        reportedBy={reportedBy.field}
        disabled={isSaving}
        failure={failure}
        onOpenExisting={onOpenExisting}
        onSubmit={() => void submit()}
      />
    </AppModal>
  );
}
