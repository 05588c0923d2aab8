import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render.js';
import { FormErrorBoundary } from './form-error-boundary.js';

function Broken(): never {
  throw new Error('a field could not be drawn');
}

describe('a form that fails to render', () => {
  it("shows 'Error Loading Form' and a Go Back button instead of a blank page", async () => {
    const onBack = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(
      <FormErrorBoundary onBack={onBack}>
        <Broken />
      </FormErrorBoundary>,
    );
    expect((await screen.findByTestId('form-load-error')).textContent).toContain('Error Loading Form');
    fireEvent.click(screen.getByTestId('form-go-back'));
    expect(onBack).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });
});
