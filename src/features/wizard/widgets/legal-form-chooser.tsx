import { Button, Loader, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The chooser, its content and its words are a chunk of their own, loaded when the dialog opens.
const FormChooser = lazy(() =>
  import('@/features/form-chooser/form-chooser').then((module) => ({ default: module.FormChooser })),
);

/**
 * "Help me choose", above the legal-form cards: the form chooser in a dialog; its "Choose this form"
 * sets the country and the form in the file. The country already chosen is not asked again.
 */
export function LegalFormChooserButton({
  country,
  onChoose,
}: {
  country: string | undefined;
  onChoose: (country: string, form: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconHelpCircle size={18} aria-hidden="true" />}
        onClick={open}
        mb="sm"
      >
        {t('fields.legalForm.helpMeChoose')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('fields.legalForm.chooserTitle')}
        size="xl"
        fullScreen={phone === true}
      >
        <Suspense fallback={<Loader size="sm" />}>
          <FormChooser
            country={country}
            headingOrder={3}
            onChoose={(chosenCountry, form) => {
              onChoose(chosenCountry, form);
              close();
            }}
          />
        </Suspense>
      </Modal>
    </>
  );
}
