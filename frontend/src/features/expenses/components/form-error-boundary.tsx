import { Component, type ReactNode } from 'react';
import { Trans } from 'react-i18next';

interface Props {
  children: ReactNode;
  onBack: () => void;
}

/** A form that fails to render shows 'Error Loading Form' and a Go Back button (spec part 2 §2), not a blank page. */
export class FormErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="panel error-panel" role="alert" data-testid="form-load-error">
        <h2>
          <Trans i18nKey="expenses.errors.loadingForm" />
        </h2>
        <p>
          <Trans i18nKey="expenses.errors.loadingFormHelp" />
        </p>
        <button type="button" className="button" onClick={this.props.onBack} data-testid="form-go-back">
          <Trans i18nKey="expenses.errors.goBack" />
        </button>
      </section>
    );
  }
}
