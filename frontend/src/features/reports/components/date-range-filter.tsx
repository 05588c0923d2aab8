import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PRESETS, type ReportPreset } from '@dukan/contracts';
import { dayOf, isValidCustomRange, presetRange, type DateRange } from '../lib/date-range.js';

export type RangeChoice = { preset: ReportPreset | 'custom'; range: DateRange };

/** The presets and a custom range whose days cannot be in the future (the date inputs stop at today). */
export function DateRangeFilter({ value, onChange, today: now }: { value: RangeChoice; onChange: (c: RangeChoice) => void; today: Date }) {
  const { t } = useTranslation();
  const today = dayOf(now);
  const [from, setFrom] = useState(value.range.startDate ?? today);
  const [to, setTo] = useState(value.range.endDate ?? today);
  const [custom, setCustom] = useState(value.preset === 'custom');
  const valid = isValidCustomRange(from, to, now);
  return (
    <section className="panel report-filter" aria-label={t('reports.range')}>
      <div className="preset-row" role="group" aria-label={t('reports.range')}>
        {REPORT_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            data-testid={`preset-${p}`}
            aria-pressed={!custom && value.preset === p}
            className={`button small ${!custom && value.preset === p ? 'primary' : ''}`}
            onClick={() => {
              setCustom(false);
              onChange({ preset: p, range: presetRange(p, now) });
            }}
          >
            {t(`reports.presets.${p}`)}
          </button>
        ))}
        <button
          type="button"
          data-testid="preset-custom"
          aria-pressed={custom}
          className={`button small ${custom ? 'primary' : ''}`}
          onClick={() => setCustom(true)}
        >
          {t('reports.presets.custom')}
        </button>
      </div>
      {custom && (
        <form
          className="custom-range"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) onChange({ preset: 'custom', range: { startDate: from, endDate: to } });
          }}
        >
          <label>
            {t('reports.from')}
            <input
              type="date"
              name="startDate"
              value={from}
              max={to < today ? to : today}
              onChange={(e) => setFrom(e.target.value)}
              data-testid="custom-from"
            />
          </label>
          <label>
            {t('reports.to')}
            <input
              type="date"
              name="endDate"
              value={to}
              min={from}
              max={today}
              onChange={(e) => setTo(e.target.value)}
              data-testid="custom-to"
            />
          </label>
          <button type="submit" className="button small primary" disabled={!valid} data-testid="custom-apply">
            {t('reports.apply')}
          </button>
          {!valid && (
            <p className="error-text" role="alert">
              {t('reports.rangeInvalid')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
