import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeepPhrases } from './keep-phrases';

function Harness({ text, initial }: { text: string; initial: string[] }) {
  const [keep, setKeep] = useState(initial);
  return <KeepPhrases text={text} keep={keep} onChange={setKeep} inputRef={createRef<HTMLTextAreaElement>()} />;
}

describe('KeepPhrases', () => {
  it('says next to the box when kept phrases from an earlier text are not in this one, and removes them', async () => {
    render(
      <Harness
        text="Acme Cloud ships on Monday. The team is ready."
        initial={['Acme Cloud', 'Q3 roadmap', 'Jane Doe']}
      />,
    );
    const note = screen.getByTestId('keep-absent');
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent('2 kept phrases are not in this text.');
    expect(note).toHaveTextContent('Kept phrases stay for your next texts until you remove them.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove them' }));
    expect(screen.queryByTestId('keep-absent')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('keep-chip').map((c) => c.querySelector('.font-medium')?.textContent)).toEqual([
      'Acme Cloud',
    ]);
  });

  it('says nothing while every kept phrase is in the text, or while the box is empty', () => {
    const { rerender } = render(<Harness text="Acme Cloud ships on Monday." initial={['Acme Cloud']} />);
    expect(screen.queryByTestId('keep-absent')).not.toBeInTheDocument();
    rerender(<Harness text="" initial={['Acme Cloud']} />);
    expect(screen.queryByTestId('keep-absent')).not.toBeInTheDocument();
  });

  it('counts one missing phrase in the singular', () => {
    render(<Harness text="Nothing kept here at all." initial={['Acme Cloud']} />);
    expect(screen.getByTestId('keep-absent')).toHaveTextContent('1 kept phrase is not in this text.');
    expect(screen.getByRole('button', { name: 'Remove it' })).toBeInTheDocument();
  });
});
