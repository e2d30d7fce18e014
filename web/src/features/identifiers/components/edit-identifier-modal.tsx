import { AppModal } from '../../../components/app-modal';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { useToast } from '../../../components/toasts/toast-context';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import type { IdentifierItem } from '../api/identifier-types';
import { useUpdateIdentifier } from '../api/update-identifier';
import { UPDATE_FAILED_MESSAGE } from '../utils/save-failure';
import { describeIdentifierChanges, rebaseIdentifierForm } from './identifier-conflict';
import { IdentifierForm } from './identifier-form';
import { useIdentifierForm } from './use-identifier-form';
import { useIdentifierSubmit } from './use-identifier-submit';

interface EditIdentifierModalProps {
  identifier: IdentifierItem;
  onClose: () => void;
  onOpenExisting: (id: string) => void;
}

/**
 * Edit (row menu): the create form prefilled with the identifier's data. Changing the type resets
 * the fields, as on creation; the server applies the same rules and answers 409 on a collision.
 */
export function EditIdentifierModal({ identifier, onClose, onOpenExisting }: EditIdentifierModalProps) {
  const { showToast } = useToast();
  const form = useIdentifierForm({ type: identifier.type, data: identifier.data });
  const update = useUpdateIdentifier();
  const edit = useEditConflict(identifier);
  const { failure, isSaving, formRef, submit } = useIdentifierSubmit(
    form,
    (body) => update.mutateAsync({ id: identifier.id, ...body, base: edit.base }),
    UPDATE_FAILED_MESSAGE,
    (item) => {
      showToast({ kind: 'success', title: 'Identifier updated', subtitle: item.displayValue });
      onClose();
    },
    (error) => edit.caught(error) !== undefined,
  );

  return (
    <AppModal
      open
      size="lg"
      title={`Edit ${identifier.typeLabel}`}
      label={identifier.displayValue}
      primaryButtonText="Save"
      secondaryButtonText="Cancel"
      loading={isSaving}
      loadingDescription="Saving..."
      preventCloseOnClickOutside
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="identifier"
          changes={describeIdentifierChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) => {
              const next = rebaseIdentifierForm(form, from, to);
              form.fill(next.type, next.values);
            })
          }
        />
      )}
      <IdentifierForm
        formRef={formRef}
        form={form}
        idPrefix="edit-identifier"
        disabled={isSaving}
        failure={failure}
        onOpenExisting={onOpenExisting}
        onSubmit={() => void submit()}
      />
    </AppModal>
  );
}
