import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Action {
  /** The button's text ('Edit', 'Delete'). */
  label: string;
  /** What a screen reader hears, naming the row ('Edit Shilan Aziz'). */
  ariaLabel?: string;
  testId: string;
}

/** Editing happens on a page of its own (`to`) or in a dialog on this one (`onClick`). */
type EditAction = Action & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

interface RemoveAction extends Action {
  onClick: () => void;
  /** 'outline' (the default) or a filled red button. */
  look?: 'outline' | 'solid';
}

interface Props {
  /** Left out when the user may not edit. */
  edit?: EditAction | false | null;
  /** Left out when the user may not delete this row. */
  remove?: RemoveAction | false | null;
  /** The row's other actions, between edit and delete. */
  children?: ReactNode;
  /** The layout classes of the cell's action group. */
  className?: string;
}

/** A table row's edit and delete buttons (customers, products, staff). */
export function RowActions({ edit, remove, children, className = 'row gap' }: Props) {
  return (
    <div className={className}>
      {edit &&
        (edit.to !== undefined ? (
          <Link className="button small" to={edit.to} aria-label={edit.ariaLabel} data-testid={edit.testId}>
            {edit.label}
          </Link>
        ) : (
          <button type="button" className="button small" aria-label={edit.ariaLabel} onClick={edit.onClick} data-testid={edit.testId}>
            {edit.label}
          </button>
        ))}
      {children}
      {remove && (
        <button
          type="button"
          className={`button small ${remove.look === 'solid' ? 'danger' : 'danger-outline'}`}
          aria-label={remove.ariaLabel}
          onClick={remove.onClick}
          data-testid={remove.testId}
        >
          {remove.label}
        </button>
      )}
    </div>
  );
}
