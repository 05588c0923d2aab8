import { Link } from 'react-router';

/** The way back to a list: an arrow that points back in either writing direction, then the label. */
export function BackLink({ to, label, testId, className = 'button' }: { to: string; label: string; testId: string; className?: string }) {
  return (
    <Link className={className} to={to} data-testid={testId}>
      <span className="flip-rtl" aria-hidden="true">
        ←
      </span>
      {label}
    </Link>
  );
}
