import { Link } from '@carbon/react';
import { Download } from '@carbon/icons-react';
import { buildCsvTemplate, CSV_TEMPLATE_FILE_NAME } from '../utils/csv-import';

/** Saves the import template (the header row), made in the browser: nothing to fetch. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([buildCsvTemplate()], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = CSV_TEMPLATE_FILE_NAME;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

export function CsvTemplateLink() {
  return (
    <Link
      href="#"
      renderIcon={Download}
      onClick={(event) => {
        event.preventDefault();
        downloadTemplate();
      }}
    >
      Download CSV template
    </Link>
  );
}
