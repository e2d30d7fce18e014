import { Dropdown, Search } from '@carbon/react';
import { FilterComboBox } from '../../../components/filter-combo-box';
import { useMemo, useState } from 'react';
import {
  CASE_NO_GROUP,
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  CASE_STATUSES,
  CASE_STATUS_LABELS,
  SCAM_TYPES,
  SCAM_TYPE_LABELS,
} from '@scamtrail/domain/case-labels';
import type { CaseUser } from '@scamtrail/domain/cases';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { TagRef } from '@scamtrail/domain/tags';
import { useQuery } from '@tanstack/react-query';
import type { GroupOption } from '../../../lib/group-options';
import { useSession } from '../../../lib/session';
import { caseGroupOptionsQueryOptions } from '../api/get-case-group-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAssignableUsers } from '../api/get-assignable-users';
import { ClearFiltersButton, FilterDropdown } from '../../../components/list-toolbar';
import { FilterFold, FilterFoldButton, useFilterFold } from '../../../components/filter-fold';
import { useTagOptions } from '../../../components/tags/tag-options';
import { CASE_FILTER_KEYS, type CaseListParams } from './cases-list-params';
import { CASE_SORT_OPTIONS, sortOptionOf } from './cases-sort-options';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { caseListFilters } from '../api/cases-request';

const all = <T extends string>(text: string, values: readonly T[], labels: Record<T, string>) => [
  { value: '' as const, text },
  ...values.map((value) => ({ value, text: labels[value] })),
];
const STATUS_OPTIONS = all('All statuses', CASE_STATUSES, CASE_STATUS_LABELS);
const PRIORITY_OPTIONS = all('All priorities', CASE_PRIORITIES, CASE_PRIORITY_LABELS);
const SCAM_TYPE_OPTIONS = all('All scam types', SCAM_TYPES, SCAM_TYPE_LABELS);

interface AssigneeOption {
  id: string;
  text: string;
}

interface AssigneeFilterProps {
  value: string;
  /** The signed-in user: "Assigned to me" comes first. */
  meId: string | undefined;
  /** Users named on the page, to name a chosen assignee from a shared link. */
  knownUsers: CaseUser[];
  onChange: (id: string) => void;
}

/** Any assignee, "Assigned to me", or a user found by name among those cases can be assigned to. */
function AssigneeFilter({ value, meId, knownUsers, onChange }: AssigneeFilterProps) {
  const [search, setSearch] = useState('');
  // The user last chosen here, by name: the list the server answers for the next search may not hold them.
  const [picked, setPicked] = useState<AssigneeOption | null>(null);
  const users = useAssignableUsers(useDebouncedValue(search));
  const me = meId ? [{ id: meId, text: 'Assigned to me' }] : [];
  const found = (users.data ?? []).filter((user) => user.id !== meId);
  const items: AssigneeOption[] = [...me, ...found.map((user) => ({ id: user.id, text: user.fullName }))];
  // A chosen assignee the list does not hold (a shared link's, or one found by an earlier search): named
  // by the users on the page, else as chosen, one object while it stays so.
  const knownName = knownUsers.find((user) => user.id === value)?.fullName;
  const unlisted = useMemo(
    () => (value ? { id: value, text: knownName ?? 'Chosen assignee' } : null),
    [value, knownName],
  );
  let selected = items.find((item) => item.id === value) ?? null;
  if (value && !selected) {
    selected = picked?.id === value ? picked : unlisted;
    if (selected) items.push(selected);
  }
  return (
    <FilterComboBox<AssigneeOption>
      id="cases-assignee"
      className="cases-toolbar__filter"
      label="Assignee"
      placeholder="All assignees"
      items={items}
      itemToText={(item) => item.text}
      selectedItem={selected}
      onSearchChange={setSearch}
      onChange={(item) => {
        setPicked(item);
        onChange(item?.id ?? '');
      }}
    />
  );
}

function TagFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { user } = useSession();
  // Without tag.view there is nothing to pick from (nor to ask for): the filter is left out.
  const tags = useTagOptions(hasPermission(user?.permissions, 'tag.view'));
  if (!tags.isSuccess || tags.data.length === 0) return null;
  return (
    <FilterComboBox<TagRef>
      id="cases-tag"
      className="cases-toolbar__filter"
      label="Tag"
      placeholder="All tags"
      items={tags.data}
      itemToText={(tag) => tag.name}
      selectedItem={tags.data.find((tag) => tag.id === value) ?? null}
      onChange={(tag) => onChange(tag?.id ?? '')}
    />
  );
}

const NO_GROUP: GroupOption = { id: CASE_NO_GROUP, name: 'No group' };

/**
 * Any group, the cases of no group, or one of the groups the reader may list (group.view): a group
 * whose cases they may not see lists nothing. Without group.view, or with no group at all, the filter
 * is left out.
 */
function GroupFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { user } = useSession();
  const mayList = hasPermission(user?.permissions, 'group.view');
  const groups = useQuery({ ...caseGroupOptionsQueryOptions(), enabled: mayList });
  if (!mayList || !groups.isSuccess || groups.data.length === 0) return null;
  const items = [NO_GROUP, ...groups.data];
  let selected = items.find((item) => item.id === value) ?? null;
  if (value && !selected) {
    // A shared link's group that is not listed (deleted since): named as such, still clearable.
    selected = { id: value, name: 'Chosen group' };
    items.push(selected);
  }
  return (
    <FilterComboBox<GroupOption>
      id="cases-group"
      className="cases-toolbar__filter"
      label="Group"
      placeholder="All groups"
      items={items}
      itemToText={(group) => group.name}
      selectedItem={selected}
      onChange={(group) => onChange(group?.id ?? '')}
    />
  );
}

interface CasesToolbarProps {
  params: CaseListParams;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  update: (changes: Partial<CaseListParams>) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  meId: string | undefined;
  knownUsers: CaseUser[];
}

/**
 * The search (title, description or number), the sort, Clear filters (which clears the search too), and the filters (status,
 * priority, scam type, assignee, tag, group) on a line of their own. On a phone the filters fold behind a
 * "Filters" button that counts the ones set.
 */
export function CasesToolbar(props: CasesToolbarProps) {
  const { params, update } = props;
  const fold = useFilterFold('cases-filters');
  const activeCount = CASE_FILTER_KEYS.filter((key) => params[key] !== '').length;
  return (
    <div className="cases-toolbar">
      <div className="cases-toolbar__main">
        <Search
          id="cases-search"
          size="lg"
          className="cases-toolbar__search"
          labelText="Search cases"
          placeholder="Search by title or description..."
          closeButtonLabelText="Clear search"
          value={props.searchText}
          onChange={(event) => props.onSearchTextChange(event.target.value)}
          onClear={() => props.onSearchTextChange('')}
        />
        <Dropdown
          id="cases-sort"
          className="cases-toolbar__sort"
          size="lg"
          titleText="Sort by"
          hideLabel
          label="Sort by"
          items={[...CASE_SORT_OPTIONS]}
          itemToString={(item) => item?.text ?? ''}
          renderSelectedItem={(item) => `Sort: ${item.text}`}
          selectedItem={sortOptionOf(params)}
          onChange={({ selectedItem }) =>
            selectedItem && update({ sort: selectedItem.sort, direction: selectedItem.direction })
          }
        />
        <ClearFiltersButton
          focusId="cases-search"
          size="lg"
          className="cases-toolbar__clear"
          hasFilters={props.hasFilters}
          onClearFilters={props.onClearFilters}
        />
        <FilterFoldButton fold={fold} activeCount={activeCount} className="cases-toolbar__toggle" />
        <CsvDownloadButton path="/cases" filters={caseListFilters(params)} />
      </div>
      <FilterFold fold={fold} className="cases-toolbar__filters">
        <FilterDropdown
          className="cases-toolbar__filter"
          labelInValue="when-chosen"
          id="cases-status"
          label="Status"
          value={params.status}
          options={STATUS_OPTIONS}
          onChange={(status) => update({ status })}
        />
        <FilterDropdown
          className="cases-toolbar__filter"
          labelInValue="when-chosen"
          id="cases-priority"
          label="Priority"
          value={params.priority}
          options={PRIORITY_OPTIONS}
          onChange={(priority) => update({ priority })}
        />
        <FilterDropdown
          className="cases-toolbar__filter"
          labelInValue="when-chosen"
          id="cases-scam-type"
          label="Scam type"
          value={params.scamType}
          options={SCAM_TYPE_OPTIONS}
          onChange={(scamType) => update({ scamType })}
        />
        <AssigneeFilter
          value={params.assigneeId}
          meId={props.meId}
          knownUsers={props.knownUsers}
          onChange={(assigneeId) => update({ assigneeId })}
        />
        <TagFilter value={params.tagId} onChange={(tagId) => update({ tagId })} />
        <GroupFilter value={params.groupId} onChange={(groupId) => update({ groupId })} />
      </FilterFold>
    </div>
  );
}
