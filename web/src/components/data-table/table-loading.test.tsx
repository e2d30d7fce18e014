import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../test/source-files';
import { ACTIONS_COLUMN_KEY } from './data-table-types';
import { TableLoading } from './table-loading';

const HEADERS = [
  { key: 'case', header: 'Case' },
  { key: 'status', header: 'Status' },
  { key: 'assignees', header: 'Assignees' },
  { key: ACTIONS_COLUMN_KEY, header: 'Actions' },
];

describe('TableLoading', () => {
  it('draws, beside the table, one card a row as a phone shows the rows: a title, then the labelled columns', () => {
    const { container } = render(<TableLoading headers={HEADERS} columnCount={4} rowCount={3} />);
    expect(container.querySelector('.cds--data-table.cds--skeleton')).not.toBeNull();
    const cards = container.querySelectorAll('.table-loading__cards > .table-loading__card');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.querySelectorAll('.table-loading__title')).toHaveLength(1);
      // The first column is the title and the actions column has no label, as in a loaded card.
      expect([...card.querySelectorAll('.table-loading__label')].map((label) => label.textContent)).toEqual([
        'Status',
        'Assignees',
      ]);
    }
    // Placeholders only: nothing for assistive technology to read.
    expect(container.querySelector('.table-loading__cards')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe("Carbon's table skeleton", () => {
  it('is drawn only through TableLoading, so that every list loads in its phone shape', () => {
    const src = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
    const direct = sourceFiles(src)
      .filter((file) => /\bDataTableSkeleton\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(direct).toEqual(['components/data-table/table-loading.tsx']);
  });
});
