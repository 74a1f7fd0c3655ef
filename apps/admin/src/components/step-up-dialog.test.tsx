import { act, cleanup, render, screen } from '@testing-library/react';
import { Drawer, Modal } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { askForStepUp, settleStepUp } from '@/lib/step-up.ts';
import { StepUpDialog } from './step-up-dialog.tsx';

/** The z-index antd gave the dialog holding `element` (set on its wrapper, the layer it paints in). */
function layerOf(element: HTMLElement): number {
  const wrap = element.closest<HTMLElement>('.ant-modal-wrap');
  return Number(wrap?.style.zIndex);
}

describe('StepUpDialog', () => {
  // Unmount first, so closing the prompt schedules no React work once the test has ended.
  afterEach(() => {
    cleanup();
    settleStepUp(false);
  });

  // Found by the journeys: an import asked from the card application drawer got its prompt under the
  // import dialog, whose form then took every click meant for the prompt's Confirm.
  it('opens above a dialog that was opened inside a drawer', async () => {
    render(
      <>
        <Drawer open title="application">
          <Modal open title="import">
            <span data-testid="nested-dialog-body">import form</span>
          </Modal>
        </Drawer>
        <StepUpDialog />
      </>,
    );
    act(() => void askForStepUp());
    const prompt = await screen.findByTestId('step-up-code');
    const nested = layerOf(await screen.findByTestId('nested-dialog-body'));
    expect(nested).toBeGreaterThanOrEqual(1200);
    expect(layerOf(prompt)).toBeGreaterThan(nested);
  });
});
