import 'i18next';
import type en from '@/locales/en.json';

// Message keys are checked at compile time against the English file (the fallback).
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    returnNull: false;
  }
}
