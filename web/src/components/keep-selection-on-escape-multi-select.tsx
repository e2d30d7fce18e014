import { FilterableMultiSelect, type FilterableMultiSelectProps } from '@carbon/react';
import { KeepSelectionOnEscape } from './keep-selection-on-escape';

/**
 * The app's searchable multi-select: Carbon's FilterableMultiSelect inside KeepSelectionOnEscape. Use it
 * instead of Carbon's own (lint forbids importing that elsewhere), so no picker can lose its selection.
 */
export function MultiSelect<T>(props: FilterableMultiSelectProps<T>) {
  return (
    <KeepSelectionOnEscape>
      <FilterableMultiSelect<T> {...props} />
    </KeepSelectionOnEscape>
  );
}
