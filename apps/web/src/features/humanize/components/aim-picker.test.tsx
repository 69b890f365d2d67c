import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AIM_MSG, SETUP_COMMAND, aimLine, type HumanizeMode, type OutsideDetectorId } from '@plainspoken/shared';
import { renderWithProviders } from '@/test/render';
import { aimable } from '../lib/use-humanizer';
import { AimPicker } from './aim-picker';

const DETECTORS: OutsideDetectorId[] = ['gptzero', 'winston'];

describe('AimPicker', () => {
  it('offers our detector (the default) and each detector the server set up, by keyboard', async () => {
    const onChange = vi.fn();
    renderWithProviders(<AimPicker value={null} onChange={onChange} detectors={DETECTORS} noModel={false} />);
    const select = screen.getByRole('combobox', { name: AIM_MSG.label });
    expect(select).toBeEnabled();
    expect(select).toHaveValue('ours');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([AIM_MSG.ours, 'GPTZero', 'Winston AI']);
    expect(select).toHaveAccessibleDescription(AIM_MSG.hint);
    await userEvent.tab();
    expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 'Winston AI');
    expect(onChange).toHaveBeenLastCalledWith('winston');
    await userEvent.selectOptions(select, AIM_MSG.ours);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('is off, with the reason, when no model writes Deep', () => {
    renderWithProviders(<AimPicker value="gptzero" onChange={() => {}} detectors={DETECTORS} noModel />);
    const select = screen.getByRole('combobox', { name: AIM_MSG.label });
    expect(select).toBeDisabled();
    expect(select).toHaveValue('ours');
    expect(select).toHaveAccessibleDescription(AIM_MSG.needsModel);
    expect(screen.getByTestId('aim-hint')).toHaveTextContent('Needs a connected model');
  });
});

describe('what a rewrite aims at', () => {
  const engine = (deep: boolean, outsideDetectors?: OutsideDetectorId[]) => ({
    model: { deep, lightning: deep } as Record<HumanizeMode, boolean>,
    modelSeconds: { deep: null, lightning: null },
    admin: false,
    setupCommand: SETUP_COMMAND,
    outsideDetectors,
  });
  it('sends the picked detector only in Deep, with a model, while the server has it set up', () => {
    expect(aimable('gptzero', 'deep', engine(true, DETECTORS))).toBe('gptzero');
    expect(aimable(null, 'deep', engine(true, DETECTORS))).toBeNull();
    expect(aimable('gptzero', 'lightning', engine(true, DETECTORS))).toBeNull();
    expect(aimable('gptzero', 'deep', engine(false, DETECTORS))).toBeNull();
    expect(aimable('sapling', 'deep', engine(true, DETECTORS))).toBeNull();
    expect(aimable('gptzero', 'deep', engine(true))).toBeNull();
    expect(aimable('gptzero', 'deep', undefined)).toBeNull();
  });

  it('says which detector the result aimed at and what it scored', () => {
    expect(aimLine({ detector: 'gptzero', name: 'GPTZero', score: 12, calls: 3, reason: null })).toBe(
      'Aimed at GPTZero: 12% AI',
    );
    expect(aimLine({ detector: 'gptzero', name: 'GPTZero', score: null, calls: 3, reason: 'No answer in time' })).toBe(
      'Aimed at GPTZero: no score (No answer in time)',
    );
  });
});
