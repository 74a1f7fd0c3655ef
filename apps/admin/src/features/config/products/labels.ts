import { useTranslation } from 'react-i18next';

/**
 * The product pages' messages (`configProducts.*`). Field names and domains are data here, so the
 * keys are built; the locale-parity check keeps en and zh-Hans in step.
 */
export function useLabels() {
  const { t } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return {
    label: (key: string, options?: Record<string, unknown>) => loose(`configProducts.${key}`, options),
    field: (name: string) => loose(`configProducts.fields.${name}`),
  };
}
