import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import type { SuggestController } from '@pkg/suggest';
import { describe, expect, it, vi } from 'vitest';
import { fakeService, settings } from './test-shop';
import { useSuggestController } from './use-suggest-controller';

const destroyed = new Map<SuggestController, number>();

/** Records each controller the hook gives and how often it is destroyed. */
function Box({ transport }: { transport: ReturnType<typeof fakeService>['transport'] }) {
  const controller = useSuggestController({ settings, transport, storage: null, pathname: '/' });
  if (!destroyed.has(controller)) {
    destroyed.set(controller, 0);
    const destroy = controller.destroy.bind(controller);
    (controller as { destroy(): void }).destroy = () => {
      destroyed.set(controller, (destroyed.get(controller) ?? 0) + 1);
      destroy();
    };
  }
  return null;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useSuggestController', () => {
  it('keeps one live controller under StrictMode, which mounts, unmounts and mounts again, and destroys it once on unmount', async () => {
    destroyed.clear();
    const { transport } = fakeService();
    const view = render(
      <StrictMode>
        <Box transport={transport} />
      </StrictMode>,
    );
    await settle();
    expect(destroyed.size).toBe(1);
    const [controller] = [...destroyed.keys()];
    expect(destroyed.get(controller!)).toBe(0);
    // Still live: a listener added now hears the next change.
    const heard = vi.fn();
    controller!.subscribe(heard);
    act(() => controller!.setInput('red'));
    expect(heard).toHaveBeenCalled();
    view.unmount();
    await settle();
    expect(destroyed.get(controller!)).toBe(1);
  });
});
