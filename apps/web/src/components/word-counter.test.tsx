import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WordCounter } from './word-counter';

describe('WordCounter', () => {
  it('writes the count and the cap with thousands separators', () => {
    render(<WordCounter count={297208} cap={1500} warn />);
    expect(screen.getByTestId('word-counter')).toHaveTextContent('297,208 / 1,500 words');
  });
});
