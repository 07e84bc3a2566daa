/** The GDPR export of the account page: downloads everything the Intranet keeps about the user. */
import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { asyncHandler, handleApiError } from '../../../components/error-handler';
import { toast } from '../../../components/toast';
import { downloadPersonalData } from '../api/personal-data';

export function PersonalDataButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadPersonalData();
      toast('success', 'Vos données ont été téléchargées.');
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Téléchargez, au format JSON, toutes les informations que l'Intranet conserve sur vous : compte,
        appartenances, historique, connexions et e-mails envoyés.
      </Text>
      <Button
        variant="light"
        leftSection={<IconDownload size={18} />}
        loading={busy}
        onClick={asyncHandler(download)}
        w="fit-content"
      >
        Télécharger mes données
      </Button>
    </Stack>
  );
}
