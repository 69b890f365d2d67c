import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETUP_COMMAND, type EngineState } from '@plainspoken/shared';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';

const state = (model: boolean): EngineState => ({
  model: { deep: model, lightning: model },
  modelSeconds: { deep: null, lightning: null },
  admin: false,
  setupCommand: SETUP_COMMAND,
});

afterEach(() => vi.unstubAllGlobals());

async function homeCopy(model: boolean): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(state(model))),
  );
  const { container } = renderWithProviders(
    <>
      <FeaturesSection />
      <FaqSection />
    </>,
  );
  await userEvent.click(
    screen.getByRole('button', { name: 'What is the difference between Deep Humanize and Lightning Mode?' }),
  );
  await vi.waitFor(() =>
    expect(container.textContent).toMatch(model ? /the model rework/ : /No rewriting model is connected/),
  );
  return container.textContent ?? '';
}

describe('the home page follows the engine state', () => {
  it('with no model, no card or answer says Deep reworks sentence structure', async () => {
    const text = await homeCopy(false);
    expect(text).not.toMatch(/rework/i);
    expect(text).toMatch(/both modes make the same light edit/);
    expect(text).toMatch(/leave your sentences as they are/);
  });

  it('with a model, Deep is the model’s full rewrite', async () => {
    const text = await homeCopy(true);
    expect(text).toMatch(/Deep Humanize has the model rework sentence structure/);
    expect(text).toMatch(/the model reworks sentence rhythm/);
  });
});
