import { Button } from '@carbon/react';
import { Add, Tag as TagIcon } from '@carbon/icons-react';
import { useState } from 'react';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { Tag } from '@scamtrail/domain/tags';
import { EmptyState } from '../../../components/empty-state';
import { isListLoading, ListResults } from '../../../components/list-results';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useTags } from '../api/get-tags';
import { DeleteTagModal } from '../components/delete-tag-modal';
import { TagFormModal } from '../components/tag-form-modal';
import '../components/tags.scss';
import { TagsTable } from '../components/tags-table';
import { sectionTrail } from '../../../app/breadcrumbs';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; tag: Tag };

/** Tags (/tags, admin): labels for cases, evidence and identifiers. */
export function TagsRoute() {
  const { user } = useSession();
  const list = useListState({});
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = useTags(list.params);
  const canCreate = hasPermission(user?.permissions, 'tag.create');
  const hasSearch = list.hasFilters;
  const close = () => setDialog(null);
  const create = () => setDialog({ kind: 'create' });

  return (
    <PageLayout
      breadcrumbs={sectionTrail('tags')}
      title="Tags"
      description="Labels for cases, evidence and identifiers. A tag in use cannot be deleted."
      actions={
        canCreate && (
          <Button renderIcon={Add} onClick={create}>
            New tag
          </Button>
        )
      }
    >
      <ListToolbar searchLabel="Search tags" searchPlaceholder="Search by name..." {...list.toolbar} />
      <ListResults
        query={query}
        errorTitle="Failed to load tags"
        hasFilters={list.hasFilters}
        pagination={list.pagination}
      >
        <TagsTable
          tags={query.data?.data ?? []}
          loading={isListLoading(query)}
          onEdit={(tag) => setDialog({ kind: 'edit', tag })}
          onDelete={(tag) => setDialog({ kind: 'delete', tag })}
          emptyState={
            <EmptyState
              icon={TagIcon}
              title={hasSearch ? 'No tags match' : 'No tags yet'}
              description={
                hasSearch ? 'Try another name.' : 'Create tags to label cases, evidence and identifiers.'
              }
              action={
                !hasSearch &&
                canCreate && (
                  <Button renderIcon={Add} onClick={create}>
                    Create your first tag
                  </Button>
                )
              }
            />
          }
        />
      </ListResults>
      {dialog?.kind === 'create' && <TagFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <TagFormModal tag={dialog.tag} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteTagModal tag={dialog.tag} onClose={close} />}
    </PageLayout>
  );
}
