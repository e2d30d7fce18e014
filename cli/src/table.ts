import { InvalidArgumentError } from 'commander';

/** Rows as left-aligned columns two spaces apart, for a person's terminal. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A positive whole number option, or a usage error naming it. */
export function positiveInteger(name: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new InvalidArgumentError(`${name} must be a whole number of at least 1`);
    }
    return number;
  };
}
