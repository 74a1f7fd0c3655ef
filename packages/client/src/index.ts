/**
 * `@kpc/client`: the wire protocol of SPEC §7-§8 for any app (the member app, the operator console),
 * without a UI framework: the app supplies its token, language, messages, toasts and what a lost
 * session means.
 */
export * from './client.ts';
export * from './request-id.ts';
