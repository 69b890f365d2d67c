import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ProgressIndicator } from './progress-indicator';

describe('ProgressIndicator', () => {
  it('only moves forward: a later event of an earlier stage keeps the step reached', () => {
    const { rerender } = render(<ProgressIndicator step="processing" mode="deep" progress={{ stage: 'rewrite' }} />);
    expect(screen.getByText(/^Rewriting sentences/)).toBeInTheDocument();
    rerender(<ProgressIndicator step="processing" mode="deep" progress={{ stage: 'checks' }} />);
    expect(screen.getByText(/^Checking meaning, numbers and names/)).toBeInTheDocument();
    // The light edit that follows a set-aside model draft reports 'rewrite' again.
    rerender(<ProgressIndicator step="processing" mode="deep" progress={{ stage: 'rewrite' }} />);
    expect(screen.queryByText(/^Rewriting sentences/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Checking how the rewrite reads/)).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
  });
});
