import 'i18next';
import type { messagesEn } from '@/locales/index.ts';

// Message keys are checked at compile time against the English file (the fallback).
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof messagesEn };
    returnNull: false;
  }
}
