import { Button, Search, TableToolbar, TableToolbarContent } from '@carbon/react';
import { Add } from '@carbon/icons-react';
import { EVIDENCE_KIND_LABELS, EVIDENCE_KINDS, type EvidenceKind } from '@scamtrail/domain/evidence';
import { useTagOptions } from '../../../components/tags/tag-options';
import { CasePicker } from '../../../components/case-picker/case-picker';
import type { EvidenceListParams } from './evidence-list-params';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { evidenceListFilters } from '../api/get-evidence-list';
import { FilterFold, FilterFoldButton, useFilterFold } from '../../../components/filter-fold';
import { ClearFiltersButton, FilterDropdown } from '../../../components/list-toolbar';
import { FilterComboBox } from '../../../components/filter-combo-box';
import type { TagRef } from '@scamtrail/domain/tags';
import { hasPermission } from '@scamtrail/domain/permissions';
import { useSession } from '../../../lib/session';

const KIND_OPTIONS: { value: EvidenceKind | ''; text: string }[] = [
  { value: '', text: 'All kinds' },
  ...EVIDENCE_KINDS.map((kind) => ({ value: kind, text: EVIDENCE_KIND_LABELS[kind] })),
];

interface EvidenceToolbarProps {
  idPrefix: string;
  params: EvidenceListParams;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** The case filter is offered only where the list is not a case's own. */
  showCaseFilter: boolean;
  onChange: (changes: Partial<EvidenceListParams>) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  /** Shows "Add evidence". */
  onAdd?: () => void;
}

/**
 * Search, the case, tag and kind filters with Clear filters after them, then "Download CSV" and "Add
 * evidence". On a phone the filters fold behind a "Filters" button (components/filter-fold), and Clear
 * filters shows only once there is something to clear, as in the cases' and the validation's toolbars.
 */
export function EvidenceToolbar(props: EvidenceToolbarProps) {
  const { idPrefix, params, onChange } = props;
  const fold = useFilterFold(`${idPrefix}-filters`);
  const activeCount = [props.showCaseFilter && params.caseId, params.tagId, params.kind].filter(
    Boolean,
  ).length;
  const { user } = useSession();
  const tags = useTagOptions(hasPermission(user?.permissions, 'tag.view'));
  return (
    <TableToolbar aria-label="Evidence filters and actions">
      <TableToolbarContent className="evidence-toolbar">
        <Search
          id={`${idPrefix}-search`}
          size="lg"
          labelText="Search evidence"
          placeholder="Search evidence"
          value={props.searchText}
          onChange={(event) => props.onSearchTextChange(event.target.value)}
          onClear={() => props.onSearchTextChange('')}
          className="evidence-toolbar__search"
        />
        <FilterFoldButton fold={fold} activeCount={activeCount} className="evidence-toolbar__toggle" />
        <FilterFold fold={fold} className="evidence-toolbar__filters">
          {props.showCaseFilter && (
            <CasePicker
              id={`${idPrefix}-case`}
              className="evidence-toolbar__filter evidence-toolbar__case"
              titleText="Case"
              hideLabel
              placeholder="All cases"
              size="lg"
              value={params.caseId}
              onChange={(caseId) => onChange({ caseId })}
            />
          )}
          {/* Without tag.view, or with no tag yet, there is nothing to filter by. */}
          {tags.isSuccess && tags.data.length > 0 && (
            <FilterComboBox<TagRef>
              id={`${idPrefix}-tag`}
              className="evidence-toolbar__filter evidence-toolbar__tag"
              label="Tag"
              placeholder="All tags"
              items={tags.data}
              itemToText={(tag) => tag.name}
              selectedItem={tags.data.find((tag) => tag.id === params.tagId) ?? null}
              onChange={(tag) => onChange({ tagId: tag?.id ?? '' })}
            />
          )}
          <FilterDropdown
            id={`${idPrefix}-kind`}
            className="evidence-toolbar__filter"
            label="Kind"
            labelInValue="when-chosen"
            value={params.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => onChange({ kind })}
          />
          <ClearFiltersButton
            focusId={`${idPrefix}-search`}
            size="lg"
            className="evidence-toolbar__clear"
            hasFilters={props.hasFilters}
            onClearFilters={props.onClearFilters}
          />
        </FilterFold>
        {/* One group: where the filters leave no room, the actions take the next line together. */}
        <div className="evidence-toolbar__actions">
          <CsvDownloadButton path="/evidence" filters={evidenceListFilters(params)} />
          {props.onAdd && (
            <Button kind="primary" size="lg" renderIcon={Add} onClick={props.onAdd}>
              Add evidence
            </Button>
          )}
        </div>
      </TableToolbarContent>
    </TableToolbar>
  );
}
