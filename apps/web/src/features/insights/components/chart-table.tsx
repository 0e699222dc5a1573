import { Anchor, ScrollArea, Table } from '@mantine/core';
import type { InsightsTable, TableCell } from '@riderdesk/domain/insights/tables';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDay, formatDecimal } from './insights-format.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A chart's numbers as a table (domain insights/tables.ts): what screen readers read, and "Table" shows. */
export function ChartTable({
  table,
  caption,
  linkOf,
  isHidden = false,
}: {
  table: InsightsTable;
  caption: string;
  /** History's address for a cell's orders, where it can list them. */
  linkOf?: (row: number, column: number) => string | null;
  /** Hidden for screen readers only: no scrolling box (there is nothing to scroll for them). */
  isHidden?: boolean;
}) {
  const { i18n } = useTranslation();
  const text = (cell: TableCell) => {
    if (cell === null) return '–';
    if (typeof cell === 'number') return formatDecimal(cell, i18n.language);
    return DAY.test(cell) ? formatCalendarDay(cell, i18n.language) : cell;
  };
  const body = (
    <Table striped withTableBorder fz="sm" miw={table.headings.length > 6 && !isHidden ? 640 : undefined}>
      <caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 600, paddingBlock: 4 }}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {table.headings.map((heading) => (
            <Table.Th key={heading} scope="col">
              {heading}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, rowIndex) => (
          <Table.Tr key={String(row[0] ?? rowIndex)}>
            {row.map((cell, columnIndex) => {
              const link = columnIndex > 0 ? linkOf?.(rowIndex, columnIndex) : null;
              const shown = text(cell);
              const key = `${table.headings[columnIndex]}`;
              if (columnIndex === 0) {
                return (
                  <Table.Th key={key} scope="row" fw={500}>
                    {shown}
                  </Table.Th>
                );
              }
              return (
                <Table.Td key={key} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {link && typeof cell === 'number' && cell > 0 ? (
                    <Anchor component={Link} to={link} fz="sm">
                      {shown}
                    </Anchor>
                  ) : (
                    shown
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (isHidden) return body;
  return (
    // A wide table scrolls sideways on a phone: the box takes the keyboard's focus so it can be scrolled too.
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': caption, role: 'group' }}>
      {body}
    </ScrollArea>
  );
}
