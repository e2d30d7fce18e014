import { Button, Tag } from '@carbon/react';
import { Add, FingerprintRecognition } from '@carbon/icons-react';
import { useState } from 'react';
import type { Passkey } from '@scamtrail/domain/passkeys';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { usePasskeys } from '../api/get-passkeys';
import { AddPasskeyModal } from './add-passkey-modal';
import { DeletePasskeyModal } from './delete-passkey-modal';
import { RenamePasskeyModal } from './rename-passkey-modal';
import { ProfileLoadFailed } from './profile-load-failed';

const COLUMNS: TableColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'createdAt', header: 'Created' },
  { key: 'lastUsedAt', header: 'Last used' },
  { key: 'backedUp', header: 'Availability' },
  { key: 'actions', header: 'Actions', sortable: false },
];

type Dialog = { kind: 'add' } | { kind: 'rename' | 'delete'; passkey: Passkey };

export const PASSKEYS_EXPLAINED =
  'A passkey signs you in without a password, and signs your journal entries so that anyone can check they are yours and unchanged.';

/** The user's passkeys: add, rename, delete. */
export function PasskeysSection() {
  const query = usePasskeys();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const passkeys = query.data ?? [];
  const byId = new Map(passkeys.map((passkey) => [passkey.id, passkey]));
  const rows = passkeys.map((passkey) => ({
    id: passkey.id,
    name: passkey.name,
    createdAt: formatDateTime(passkey.createdAt),
    lastUsedAt: formatDateTime(passkey.lastUsedAt, 'Never'),
    backedUp: passkey.backedUp,
    actions: '',
  }));
  const add = () => setDialog({ kind: 'add' });

  return (
    <section className="page-section" aria-labelledby="profile-passkeys">
      <div className="profile-section__header">
        <h2 id="profile-passkeys" className="page-section__title">
          Passkeys
        </h2>
        {passkeys.length > 0 && (
          <Button size="md" renderIcon={Add} onClick={add}>
            Add passkey
          </Button>
        )}
      </div>
      {query.isError ? (
        <ProfileLoadFailed
          title="Failed to load your passkeys"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AppDataTable
          headers={COLUMNS}
          rows={rows}
          sortable={false}
          paginate={false}
          loading={query.isPending}
          rowLabel={(row) => row.name}
          emptyState={
            <EmptyState
              icon={FingerprintRecognition}
              title="No passkeys yet"
              description={PASSKEYS_EXPLAINED}
              action={
                <Button renderIcon={Add} onClick={add}>
                  Add passkey
                </Button>
              }
            />
          }
          renderCell={{
            backedUp: (row) =>
              row.backedUp ? (
                <Tag type="green" size="sm">
                  Synced
                </Tag>
              ) : (
                <Tag type="gray" size="sm">
                  This device only
                </Tag>
              ),
            actions: (row) => (
              <div className="profile-section__row-actions">
                <Button
                  kind="ghost"
                  size="sm"
                  className="ghost-aligned"
                  aria-label={`Rename ${row.name}`}
                  onClick={() => setDialog({ kind: 'rename', passkey: byId.get(row.id)! })}
                >
                  Rename
                </Button>
                <Button
                  kind="danger--ghost"
                  size="sm"
                  aria-label={`Delete ${row.name}`}
                  onClick={() => setDialog({ kind: 'delete', passkey: byId.get(row.id)! })}
                >
                  Delete
                </Button>
              </div>
            ),
          }}
        />
      )}
      {dialog?.kind === 'add' && <AddPasskeyModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <RenamePasskeyModal passkey={dialog.passkey} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeletePasskeyModal passkey={dialog.passkey} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
