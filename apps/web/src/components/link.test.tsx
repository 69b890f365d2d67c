import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from './link';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search + l.hash}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is an <a href> that navigates in the app on a plain click', () => {
    const onClick = vi.fn();
    renderAt(
      '/',
      <Link to="/pricing?period=annual#plans" className="x" onClick={onClick}>
        Pricing
      </Link>,
    );
    const a = screen.getByRole('link', { name: 'Pricing' });
    expect(a).toHaveAttribute('href', '/pricing?period=annual#plans');
    expect(a).toHaveClass('x');
    fireEvent.click(a);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where')).toHaveTextContent('/pricing?period=annual#plans');
  });

  it('leaves a modified click, a new-tab target and a prevented click to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
        <Link to="/c" onClick={(e) => e.preventDefault()}>
          C
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('NavLink', () => {
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

  it('marks the link to the current page (and below it) with aria-current and its active class', () => {
    renderAt(
      '/history/123',
      <>
        <NavLink to="/history" className={cls}>
          History
        </NavLink>
        <NavLink to="/history" end className={cls}>
          History exactly
        </NavLink>
        <NavLink to="/pricing" className={cls}>
          Pricing
        </NavLink>
        <NavLink to="/" className={cls}>
          Home
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'History' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'History exactly' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('follows navigation', () => {
    renderAt(
      '/',
      <>
        <NavLink to="/pricing" className={cls}>
          Pricing
        </NavLink>
      </>,
    );
    const a = screen.getByRole('link', { name: 'Pricing' });
    expect(a).toHaveClass('off');
    fireEvent.click(a);
    expect(a).toHaveClass('on');
    expect(a).toHaveAttribute('aria-current', 'page');
  });
});
