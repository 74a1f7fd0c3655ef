import { KycDocumentType, type TKycDocumentType } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceSelector } from '@/components/choice-selector.tsx';

interface DocumentTypeFieldProps {
  /** Injected by Form.Item. */
  value?: TKycDocumentType;
  onChange?: (value: TKycDocumentType) => void;
}

/** Which identity document the holder gives KYC. Test ids `card-open-document-<type>`. */
export function DocumentTypeField({ value, onChange }: DocumentTypeFieldProps) {
  const { t } = useTranslation();
  return (
    <ChoiceSelector<TKycDocumentType | ''>
      columns={3}
      value={value ?? ''}
      onChange={(next) => {
        if (next !== '') onChange?.(next);
      }}
      choices={Object.values(KycDocumentType).map((type) => ({
        value: type,
        label: t(`card.documentType.${type}`),
        testId: `card-open-document-${type}`,
      }))}
    />
  );
}
