import { TOKEN_CODE } from '@kpc/shared';
import { useId } from 'react';

interface TokenIconProps {
  /** The asset code, e.g. `USDT`. */
  asset: string;
  /** Width and height in px. */
  size?: number;
}

// Tether's mark (the cryptocurrency-icons set, CC0) on its green.
const TETHER_MARK =
  'M17.922 17.383v-.002c-.11.008-.677.042-1.942.042-1.01 0-1.721-.03-1.971-.042v.003c-3.888-.171-6.79-.848-6.79-1.658 0-.809 2.902-1.486 6.79-1.66v2.644c.254.018.982.061 1.988.061 1.207 0 1.812-.05 1.925-.06v-2.643c3.88.173 6.775.85 6.775 1.658 0 .81-2.895 1.485-6.775 1.657m0-3.59v-2.366h5.414V7.819H8.595v3.608h5.414v2.365c-4.4.202-7.709 1.074-7.709 2.118 0 1.044 3.309 1.915 7.709 2.118v7.582h3.913v-7.584c4.393-.202 7.694-1.073 7.694-2.116 0-1.043-3.301-1.914-7.694-2.117';

// The programme's own coin: a bold K.
const K_MARK = 'M10.6 9h3.1v5.5L18.9 9h3.9l-6 6.3 6.6 7.7h-3.9l-4.7-5.6-1.1 1.1V23h-3.1z';

/**
 * A currency's icon, drawn inline (no fetch, no icon package): Tether's mark for USDT, a gold K
 * coin for the programme's token, and the code's first letter on a neutral coin for any other.
 * Decorative: the code is always written beside it.
 */
export function TokenIcon({ asset, size = 28 }: TokenIconProps) {
  const gradientId = useId();
  const shared = {
    width: size,
    height: size,
    viewBox: '0 0 32 32',
    className: 'token-icon',
    'aria-hidden': true,
    focusable: false,
    'data-asset': asset,
    style: { flex: 'none', display: 'block' },
  } as const;

  if (asset === 'USDT') {
    return (
      <svg {...shared}>
        <circle cx="16" cy="16" r="16" fill="#26A17B" />
        <path fill="#ffffff" d={TETHER_MARK} />
      </svg>
    );
  }

  if (asset === TOKEN_CODE) {
    return (
      <svg {...shared}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#FBE08F" />
            <stop offset="0.55" stopColor="#F0B94A" />
            <stop offset="1" stopColor="#C98A1E" />
          </linearGradient>
        </defs>
        <circle cx="16" cy="16" r="16" fill={`url(#${gradientId})`} />
        <circle cx="16" cy="16" r="12.6" fill="none" stroke="#8A5A0B" strokeOpacity="0.45" strokeWidth="1.2" />
        <path fill="#5A3A06" d={K_MARK} />
      </svg>
    );
  }

  return (
    <svg {...shared}>
      <circle cx="16" cy="16" r="16" fill="#3A3A48" />
      <text
        x="16"
        y="16"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffffff"
        fontSize="14"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {asset.slice(0, 1).toUpperCase()}
      </text>
    </svg>
  );
}
