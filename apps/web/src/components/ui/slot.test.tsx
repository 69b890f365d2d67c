import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';

describe('Slot (Button asChild)', () => {
  it('renders the child element with the button classes joined to its own', () => {
    render(
      <Button asChild variant="outline">
        <a href="/pricing" className="own-class">
          Pricing
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link.className).toMatch(/\bborder-input\b/);
    expect(link.className).toMatch(/ own-class$/);
    expect(link).not.toHaveAttribute('type');
  });

  it('calls both click handlers, the child first; merges styles; sets both refs', async () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLButtonElement>();
    render(
      <Slot
        onClick={() => calls.push('slot')}
        style={{ color: 'red', margin: '1px' }}
        ref={slotRef}
        data-x="slot"
        title="slot"
      >
        <button
          type="button"
          onClick={() => calls.push('child')}
          style={{ color: 'blue' }}
          ref={childRef}
          title="child"
        >
          Go
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    await userEvent.click(button);
    expect(calls).toEqual(['child', 'slot']);
    expect(button.style.color).toBe('blue');
    expect(button.style.margin).toBe('1px');
    expect(button).toHaveAttribute('data-x', 'slot');
    expect(button).toHaveAttribute('title', 'child');
    expect(slotRef.current).toBe(button);
    expect(childRef.current).toBe(button);
  });

  it('renders nothing for a child that is not an element', () => {
    const { container } = render(<Slot>text</Slot>);
    expect(container).toBeEmptyDOMElement();
  });
});
