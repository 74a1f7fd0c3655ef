/**
 * The one reader of `import.meta.env` (STYLE "Configuration has one door"). SPEC §3 lists a common
 * API URL and API prefix; by default the app calls its own origin, where the server or the dev proxy
 * answers `/api`.
 */
function readUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value)) {
    throw new Error(`${name} must be an http(s) URL or an absolute path, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export const env = {
  /** Origin of the API server, '' for the page's own origin. */
  apiUrl: readUrl('VITE_API_URL', import.meta.env.VITE_API_URL as string | undefined, ''),
  /** Path prefix of every call (SPEC §7: `/api/<module>/<action>`). */
  apiPrefix: readUrl('VITE_API_PREFIX', import.meta.env.VITE_API_PREFIX as string | undefined, '/api'),
} as const;
