export interface SummaryCard {
  key: string;
  label: string;
  value: string;
  tone?: 'good' | 'bad';
}

export function SummaryCards({ cards }: { cards: SummaryCard[] }) {
  return (
    <div className="stat-grid report-cards">
      {cards.map((c) => (
        <article key={c.key} className="stat-card" data-testid={`summary-${c.key}`}>
          <span className="muted">{c.label}</span>
          <p className={`stat-value ${c.tone ?? ''}`}>{c.value}</p>
        </article>
      ))}
    </div>
  );
}
