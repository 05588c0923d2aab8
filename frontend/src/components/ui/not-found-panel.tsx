import type { ReactNode } from 'react';

/** "404" with a title, a line of text and a way on (the children). */
export function NotFoundPanel({ title, text, testId, children }: { title: string; text: string; testId: string; children: ReactNode }) {
  return (
    <section className="panel not-found" data-testid={testId}>
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}
