import { Button } from '@carbon/react';
import { Filter } from '@carbon/icons-react';
import { useState, type ReactNode } from 'react';
import './filter-fold.scss';

/** Whether a list's folded filters are shown, shared by their button and their group. */
export interface FilterFoldState {
  /** The id of the filters' group, which the button controls. */
  id: string;
  isOpen: boolean;
  toggle: () => void;
}

/** The state of a list's filters that fold behind a "Filters" button on a phone (below Carbon's md). */
export function useFilterFold(id: string): FilterFoldState {
  const [isOpen, setOpen] = useState(false);
  return { id, isOpen, toggle: () => setOpen((open) => !open) };
}

interface FilterFoldButtonProps {
  fold: FilterFoldState;
  /** How many of the folded filters are set: the button counts them ("Filters (2)"). */
  activeCount: number;
  className?: string;
}

/** Shows or hides the folded filters; only on a phone, where they fold. */
export function FilterFoldButton({ fold, activeCount, className }: FilterFoldButtonProps) {
  return (
    <Button
      kind="tertiary"
      size="lg"
      className={['filter-fold__toggle', className].filter(Boolean).join(' ')}
      renderIcon={Filter}
      aria-expanded={fold.isOpen}
      aria-controls={fold.id}
      onClick={fold.toggle}
    >
      {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
    </Button>
  );
}

interface FilterFoldProps {
  fold: FilterFoldState;
  className?: string;
  children: ReactNode;
}

/** The filters of a list: always shown on a wider screen, behind the FilterFoldButton on a phone. */
export function FilterFold({ fold, className, children }: FilterFoldProps) {
  const classes = ['filter-fold', fold.isOpen && 'is-open', className].filter(Boolean).join(' ');
  return (
    <div id={fold.id} className={classes} role="group" aria-label="Filters">
      {children}
    </div>
  );
}
