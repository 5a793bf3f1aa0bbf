import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { useDeleteAssessment } from '../hooks/use-delete-assessment';

/**
 * docs/product.md 2 and 4: Delete asks for confirmation with a Back option and shows an error if the
 * deletion fails. docs/product.md 5: Delete is disabled while the request runs and after an error; closing
 * the dialog clears the error, so opening it again allows another try.
 */
export function DeleteAssessmentDialog(props: {
  opened: boolean;
  onClose: () => void;
  propertyId: string;
  assessmentId: string;
}) {
  const t = useTranslation();
  const deletion = useDeleteAssessment({ propertyId: props.propertyId, assessmentId: props.assessmentId });
  const close = () => {
    if (!deletion.isPending) deletion.reset();
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('assessmentResult.delete.confirm.title')}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack gap="md">
        <Text>{t('assessmentResult.delete.confirm.body')}</Text>
        {deletion.isError && (
          <Alert color="red" role="alert">
            {t('abort.dialog.error')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('assessmentResult.delete.confirm.back')}
          </Button>
          <Button
            color="red.9"
            loading={deletion.isPending}
            disabled={deletion.isError}
            onClick={() => deletion.mutate()}
          >
            {t('assessmentResult.delete.confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
