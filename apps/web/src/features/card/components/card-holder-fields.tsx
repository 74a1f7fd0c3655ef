import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { CountrySelect } from '@/features/card/components/country-select.tsx';
import { DocumentTypeField } from '@/features/card/components/document-type-field.tsx';

/**
 * The holder's details for KYC, exactly ZCardHolder's fields (issue 11 §3): name in Latin script as
 * on the document, date of birth, nationality, document type and number, address and phone. They go
 * to the card issuer; the programme keeps the name, nationality and the document's last 4. Children
 * of the application's AppForm, each group under its own Form.Header there (antd-mobile finds
 * headers among the form's direct children only); test ids `card-open-<field>`.
 */
export function CardHolderFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="firstName" label={t('card.open.firstName')} description={t('card.open.nameHint')}>
        <FormInput placeholder="ALEX" autoComplete="given-name" maxLength={50} testId="card-open-firstName" />
      </Form.Item>
      <Form.Item name="lastName" label={t('card.open.lastName')}>
        <FormInput placeholder="CHAN" autoComplete="family-name" maxLength={50} testId="card-open-lastName" />
      </Form.Item>
      <Form.Item name="dateOfBirth" label={t('card.open.dateOfBirth')}>
        <FormInput type="date" autoComplete="bday" testId="card-open-dateOfBirth" />
      </Form.Item>
      <Form.Item name="nationality" label={t('card.open.nationality')}>
        <CountrySelect placeholder={t('card.open.choose')} testId="card-open-nationality" />
      </Form.Item>
      <Form.Item name="documentType" label={t('card.open.documentType')}>
        <DocumentTypeField />
      </Form.Item>
      <Form.Item name="documentNumber" label={t('card.open.documentNumber')}>
        <FormInput
          placeholder={t('card.open.documentNumberPlaceholder')}
          autoComplete="off"
          maxLength={30}
          testId="card-open-documentNumber"
        />
      </Form.Item>
      <Form.Item name="phone" label={t('card.open.phone')}>
        <FormInput
          type="tel"
          inputMode="tel"
          placeholder="+852 9123 4567"
          autoComplete="tel"
          maxLength={24}
          testId="card-open-phone"
        />
      </Form.Item>
    </>
  );
}

/** The holder's residential address (ZHolderAddress): line 1 and 2, city, region, postal code, country. */
export function CardAddressFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="addressLine1" label={t('card.open.addressLine1')}>
        <FormInput autoComplete="address-line1" maxLength={100} testId="card-open-addressLine1" />
      </Form.Item>
      <Form.Item name="addressLine2" label={t('card.open.addressLine2')}>
        <FormInput
          placeholder={t('card.open.optional')}
          autoComplete="address-line2"
          maxLength={100}
          testId="card-open-addressLine2"
        />
      </Form.Item>
      <Form.Item name="city" label={t('card.open.city')}>
        <FormInput autoComplete="address-level2" maxLength={60} testId="card-open-city" />
      </Form.Item>
      <Form.Item name="region" label={t('card.open.region')}>
        <FormInput
          placeholder={t('card.open.optional')}
          autoComplete="address-level1"
          maxLength={60}
          testId="card-open-region"
        />
      </Form.Item>
      <Form.Item name="postalCode" label={t('card.open.postalCode')}>
        <FormInput
          placeholder={t('card.open.optional')}
          autoComplete="postal-code"
          maxLength={11}
          testId="card-open-postalCode"
        />
      </Form.Item>
      <Form.Item name="country" label={t('card.open.country')}>
        <CountrySelect placeholder={t('card.open.choose')} testId="card-open-country" />
      </Form.Item>
    </>
  );
}
