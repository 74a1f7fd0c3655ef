import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n.ts';
import { countryName } from '@/features/card/utils/country-names.ts';

export interface CardNames {
  /** "Gold Eagle Card"; a product added later by configuration shows its own code. */
  product: (product: string) => string;
  /** "Mastercard", "VISA". */
  network: (network: string) => string;
  /** A region or country code's name in the interface language ("Hong Kong"). */
  country: (code: string) => string;
}

/** The names of card products, networks and regions in the interface language. */
export function useCardNames(): CardNames {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    product: (product) => t(`card.product.${product}`, { defaultValue: product }),
    network: (network) => t(`card.network.${network}`, { defaultValue: network }),
    country: (code) => countryName(code, locale),
  };
}
