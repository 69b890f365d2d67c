import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENGINE_MSG, SETUP_COMMAND, type EngineState } from '@plainspoken/shared';
import { renderWithProviders } from '@/test/render';
import { ModeToggle } from './mode-toggle';

const state = (model: boolean, deep: number | null, lightning: number | null): EngineState => ({
  model: { deep: model, lightning: model },
  modelSeconds: { deep, lightning },
  admin: false,
  setupCommand: SETUP_COMMAND,
});

describe('ModeToggle labels', () => {
  it('says both modes are the light edit when no model is connected', () => {
    renderWithProviders(<ModeToggle value="deep" onChange={() => {}} engine={state(false, null, null)} />);
    expect(screen.getByTestId('mode-hint-deep')).toHaveTextContent(ENGINE_MSG.noModelShort);
    expect(screen.getByTestId('mode-hint-lightning')).toHaveTextContent(ENGINE_MSG.noModelShort);
    expect(screen.getByRole('radio', { name: /Deep Humanize/ })).not.toHaveAccessibleName(/best results/);
  });

  it("labels Deep with the model's real time when one is connected", () => {
    renderWithProviders(<ModeToggle value="deep" onChange={() => {}} engine={state(true, 41.6, 6.2)} />);
    expect(screen.getByTestId('mode-hint-deep')).toHaveTextContent('full rewrite, about 42 s per 500 words');
    expect(screen.getByTestId('mode-hint-lightning')).toHaveTextContent('faster, about 6 s per 500 words');
    expect(
      screen.getByRole('radio', { name: 'Deep Humanize (full rewrite, about 42 s per 500 words)' }),
    ).toBeInTheDocument();
  });
});
