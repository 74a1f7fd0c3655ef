import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Where the console shows a failure: antd's `message` from the `<App>` context (themed, localised),
 * bound by `NotifyBridge` once the app renders; before that, the static one.
 */
let instance: MessageInstance | null = null;

export function bindMessage(api: MessageInstance | null): void {
  instance = api;
}

/** Shows an error for `durationMs` (default 3 s). */
export function notifyError(text: string, durationMs = 3000): void {
  void (instance ?? message).error({ content: text, duration: durationMs / 1000 });
}

export function notifySuccess(text: string): void {
  void (instance ?? message).success(text);
}
