/** The K of the mark, in its 32x32 box (the invitation poster draws it on a canvas too). */
export const APP_LOGO_K_PATH = 'M10 8h3.4v6.6L19.6 8h4.2l-6.9 7.3L24.2 24h-4.3l-5.4-6.5-1.1 1.2V24H10z';

/** The KPC mark: a blue card with a K. Decorative; the title beside it names the app. */
export function AppLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <defs>
        <linearGradient id="kpc-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5B78FF" />
          <stop offset="1" stopColor="#2F47D9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#kpc-logo-gradient)" />
      <path d={APP_LOGO_K_PATH} fill="#fff" />
    </svg>
  );
}
