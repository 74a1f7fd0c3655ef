import { TOAST_DURATION_MS } from '@kpc/shared';
import { Toast } from 'antd-mobile';

/**
 * Shows a text toast; SPEC §9: 1500 ms unless a message asks for longer (SPEC §8: 404 stays 2 s).
 * The one place the app shows toasts: global.css puts them below the top bar, clear of the button
 * the member is about to press, with words wrapped whole.
 */
export function showToast(content: string, durationMs: number = TOAST_DURATION_MS): void {
  Toast.show({ content, duration: durationMs });
}
