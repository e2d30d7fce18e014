import './description-list.scss';
import type { ReactNode } from 'react';

export interface DescriptionItem {
  /** Stable key; the label when absent. */
  key?: string;
  label: string;
  value: ReactNode;
}

interface DescriptionListProps {
  items: DescriptionItem[];
  /** Names the list for assistive technology when no heading does. */
  'aria-label'?: string;
}

/** Label and value pairs (a `<dl>`): record details on detail pages and in modals. */
export function DescriptionList({ items, 'aria-label': ariaLabel }: DescriptionListProps) {
  return (
    <dl className="description-list" aria-label={ariaLabel}>
      {items.map((item) => (
        <div key={item.key ?? item.label} className="description-list__row">
          <dt className="description-list__label">{item.label}</dt>
          <dd className="description-list__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
