import { ComboBox } from './keep-selection-on-escape';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../lib/api-client';
import { errorMessage } from '../lib/api-error';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** How many community members the picker offers for what is typed. */
const OPTIONS = 20;

/**
 * Active community members whose username holds `search` (`GET /api/originators/community-members`).
 * Silent: a refusal is said under the picker rather than as a toast.
 */
function useCommunityMemberOptions(search: string) {
  return useQuery({
    queryKey: ['community-members', 'options', search],
    queryFn: ({ signal }) =>
      api
        .get<{ data: OriginatorSummary[]; pagination: Pagination }>('/originators/community-members', {
          params: { search: search || undefined, status: 'active', page: 1, pageSize: OPTIONS },
          signal,
          silent: true,
        })
        .then((answer) => answer.data),
    staleTime: 30_000,
  });
}

interface ReportedByPickerProps {
  id: string;
  /** The community member the report came from; null: the person entering it. */
  value: OriginatorSummary | null;
  onChange: (originator: OriginatorSummary | null) => void;
  disabled?: boolean;
  invalidText?: string;
}

/**
 * "Reported by": the community member a report came from, when a team member enters it for them (a
 * report phoned in). The record's originator is then that member, and the person entering it its
 * proxy (`onBehalfOfOriginatorId`). Left empty, the record is the user's own.
 */
export function ReportedByPicker({ id, value, onChange, disabled, invalidText }: ReportedByPickerProps) {
  const [input, setInput] = useState('');
  // Asked for as the dialog opens, so the first click on the field shows the list.
  const options = useCommunityMemberOptions(useDebouncedValue(input.trim()));
  const items = [...(options.data ?? [])];
  if (value && !items.some((item) => item.id === value.id)) items.unshift(value);
  return (
    <ComboBox<OriginatorSummary>
      id={id}
      titleText="Reported by (optional)"
      helperText={
        options.isError
          ? `${errorMessage(options.error, 'Community members cannot be listed.')} Left empty, the report is your own.`
          : 'A community member who reported this to you; you are recorded as entering it for them.'
      }
      placeholder="Search community members"
      items={items}
      itemToString={(item) => item?.displayName ?? ''}
      selectedItem={value}
      // The server searched already: every answer it gave is a match.
      shouldFilterItem={() => true}
      onInputChange={(text) => setInput(text === (value?.displayName ?? '') ? '' : text)}
      onChange={({ selectedItem }) => onChange(selectedItem ?? null)}
      disabled={disabled}
      invalid={Boolean(invalidText)}
      invalidText={invalidText}
    />
  );
}
