import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** The staff pages' tables: a header row of column names, rows given by the caller, scrolling sideways on phones. */
export function StaffTable({
  columns,
  className,
  children,
}: {
  columns: string[];
  /** e.g. a minimum width, below which the table scrolls instead of squeezing. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full text-left text-sm', className)}>
        <thead className="text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((column, i) => (
              <th
                key={column}
                scope="col"
                className={cn('py-2 font-medium', i < columns.length - 1 && 'pr-3')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
