import { DismissibleTag, Tag } from '@carbon/react';
import { useState } from 'react';
import { ShowcaseSection } from './showcase-section';

const TAG_TYPES = [
  'red',
  'magenta',
  'purple',
  'blue',
  'cyan',
  'teal',
  'green',
  'gray',
  'cool-gray',
  'warm-gray',
  'high-contrast',
  'outline',
] as const;

const FILTERS = ['Phishing', 'Romance scam', 'Crypto'];

export function TagsSection() {
  const [filters, setFilters] = useState(FILTERS);
  return (
    <ShowcaseSection id="tags" title="Tags">
      <div className="showcase-row">
        {TAG_TYPES.map((type) => (
          <Tag key={type} type={type}>
            {type}
          </Tag>
        ))}
      </div>
      <div className="showcase-row">
        <Tag type="blue" size="sm">
          Small
        </Tag>
        <Tag type="blue" size="md">
          Medium
        </Tag>
        <Tag type="blue" size="lg">
          Large
        </Tag>
      </div>
      <div className="showcase-row">
        {filters.map((filter) => (
          <DismissibleTag
            key={filter}
            type="cool-gray"
            text={filter}
            dismissTooltipLabel={`Remove ${filter}`}
            onClose={() => setFilters((current) => current.filter((value) => value !== filter))}
          />
        ))}
        {filters.length === 0 && (
          <button
            type="button"
            className="cds--link showcase-link-button"
            onClick={() => setFilters(FILTERS)}
          >
            Restore filters
          </button>
        )}
      </div>
    </ShowcaseSection>
  );
}
