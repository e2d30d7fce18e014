import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

/**
 * Carbon components whose styles are not in styles/index.scss, which every page loads, but in a sheet
 * of their own, imported by the modules that render them: the build puts a sheet that no first visit of
 * a list needs into the later stylesheet (web/vite.config.ts, `stylesheetOrFrameworkChunk`), loaded
 * before the screen or dialog that imports it runs. A module that imports one of these components from
 * `@carbon/react` without its sheet would show it unstyled wherever no other module had loaded the sheet.
 */
const SHEETS: Record<string, string[]> = {
  'styles/carbon/code-snippet.scss': ['CodeSnippet', 'CodeSnippetSkeleton'],
  'styles/carbon/date-picker.scss': ['DatePicker', 'DatePickerInput', 'DatePickerSkeleton'],
  'styles/carbon/file-uploader.scss': [
    'FileUploader',
    'FileUploaderButton',
    'FileUploaderDropContainer',
    'FileUploaderItem',
    'FileUploaderSkeleton',
  ],
  'styles/carbon/modal.scss': ['ComposedModal', 'Modal', 'ModalBody', 'ModalFooter', 'ModalHeader'],
  'styles/carbon/number-input.scss': ['NumberInput', 'NumberInputSkeleton'],
  'styles/carbon/progress-bar.scss': ['ProgressBar'],
  'styles/carbon/structured-list.scss': [
    'StructuredListBody',
    'StructuredListCell',
    'StructuredListHead',
    'StructuredListInput',
    'StructuredListRow',
    'StructuredListSkeleton',
    'StructuredListWrapper',
  ],
  'styles/carbon/tabs.scss': [
    'IconTab',
    'Tab',
    'TabList',
    'TabListVertical',
    'TabPanel',
    'TabPanels',
    'Tabs',
    'TabsSkeleton',
  ],
  'styles/carbon/toggle.scss': ['Toggle', 'ToggleSkeleton'],
  'components/tile-grid.scss': [
    'ClickableTile',
    'ExpandableTile',
    'RadioTile',
    'SelectableTile',
    'Tile',
    'TileGroup',
  ],
  'components/app-accordion.scss': ['Accordion', 'AccordionItem', 'AccordionSkeleton'],
};

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CARBON_IMPORT = /import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"]@carbon\/react['"]/g;
const SHEET_IMPORT = /import\s+['"]([^'"]+\.scss)['"]/g;

/** What `file` (whose text is `code`) renders of SHEETS' components without importing their sheet. */
function missingSheets(file: string, code: string): string[] {
  const names = [...code.matchAll(CARBON_IMPORT)].flatMap((m) =>
    m[1]
      .split(',')
      .map((spec) => spec.trim())
      .filter((spec) => spec && !spec.startsWith('type '))
      .map((spec) => spec.split(/\s+as\s+/)[0]),
  );
  const sheets = [...code.matchAll(SHEET_IMPORT)].map((m) => relative(SRC, resolve(dirname(file), m[1])));
  return Object.entries(SHEETS).flatMap(([sheet, components]) => {
    const used = names.filter((name) => components.includes(name));
    return used.length && !sheets.includes(sheet)
      ? [`${relative(SRC, file)}: ${used.join(', ')} without ${sheet}`]
      : [];
  });
}

describe('Carbon components with a stylesheet of their own', () => {
  it('are imported only by modules that import their sheet', () => {
    const missing = sourceFiles(SRC).flatMap((file) => missingSheets(file, readFileSync(file, 'utf8')));
    expect(missing).toEqual([]);
  });

  it('have sheets that exist and are no longer part of the main sheet', () => {
    const main = readFileSync(join(SRC, 'styles/index.scss'), 'utf8');
    for (const sheet of Object.keys(SHEETS)) {
      const carbon = readFileSync(join(SRC, sheet), 'utf8').match(
        /@use '(@carbon\/react\/scss\/components\/[^']+)'/,
      )?.[1];
      expect(carbon, sheet).toBeDefined();
      expect(main).not.toContain(`@use '${carbon}'`);
    }
  });

  it('names a module that imports such a component, even among others and renamed, without its sheet', () => {
    const file = join(SRC, 'features/cases/components/some-dialog.tsx');
    const imports =
      "import {\n  Button,\n  Tabs as CarbonTabs,\n  type TabsProps,\n} from '@carbon/react';\n";
    expect(missingSheets(file, imports)).toEqual([
      'features/cases/components/some-dialog.tsx: Tabs without styles/carbon/tabs.scss',
    ]);
    expect(missingSheets(file, `${imports}import '../../../styles/carbon/tabs.scss';\n`)).toEqual([]);
    expect(missingSheets(file, "import type { TabsProps } from '@carbon/react';\n")).toEqual([]);
  });
});
