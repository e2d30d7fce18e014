import { TableBatchAction, TableBatchActions, TableToolbar } from '@carbon/react';
import { Edit, UserFollow } from '@carbon/icons-react';
import { Suspense, useState } from 'react';
import { useToast } from '../../../components/toasts/toast-context';
import { pluralise } from '../../../lib/format';
import { useBulkUpdateCases } from '../api/bulk-update-cases';
import { LazyCasesBulkModal } from './cases-lazy-dialogs';
import { useFailureToast } from '../../../lib/use-failure-toast';

interface CasesBatchActionsProps {
  selectedIds: string[];
  /** The signed-in user, for "Assign to me". */
  meId: string | undefined;
  /** Clears the choice: Cancel, or once a change is saved. */
  onClear: () => void;
}

/**
 * The bar over the case list while cases are chosen: assign them to oneself at once, or open the
 * dialog for any other change to all of them (priority, status, assignees, tags).
 */
export function CasesBatchActions({ selectedIds, meId, onClear }: CasesBatchActionsProps) {
  const [isDialogOpen, setDialogOpen] = useState(false);
  const bulk = useBulkUpdateCases();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const count = pluralise(selectedIds.length, 'case');

  const assignToMe = () => {
    if (!meId) return;
    bulk.mutate(
      { ids: selectedIds, addAssigneeIds: [meId] },
      {
        onSuccess: () => {
          showToast({ kind: 'success', title: 'Cases assigned to you', subtitle: `${count} assigned` });
          onClear();
        },
        onError: (error) =>
          showFailure(error, { title: 'Cases not assigned', fallback: 'Failed to change the cases' }),
      },
    );
  };

  return (
    <TableToolbar aria-label="Actions on the chosen cases">
      <TableBatchActions shouldShowBatchActions totalSelected={selectedIds.length} onCancel={onClear}>
        {meId && (
          <TableBatchAction renderIcon={UserFollow} disabled={bulk.isPending} onClick={assignToMe}>
            Assign to me
          </TableBatchAction>
        )}
        <TableBatchAction renderIcon={Edit} onClick={() => setDialogOpen(true)}>
          Change
        </TableBatchAction>
      </TableBatchActions>
      <Suspense fallback={null}>
        {isDialogOpen && (
          <LazyCasesBulkModal ids={selectedIds} onClose={() => setDialogOpen(false)} onSaved={onClear} />
        )}
      </Suspense>
    </TableToolbar>
  );
}
