/** Who receives a document (« Destinataires »), as radio buttons: the publishing page and the edit dialog. */
import { Group, Radio, type RadioGroupProps } from '@mantine/core';
import { DocumentAudience } from '@union/contract';

export function AudienceField(props: Omit<RadioGroupProps, 'label' | 'children'>) {
  return (
    <Radio.Group label="Destinataires" {...props}>
      <Group gap="md" mt={4}>
        {DocumentAudience.codes.map((code) => (
          <Radio key={code} value={code} label={DocumentAudience.labels[code]} />
        ))}
      </Group>
    </Radio.Group>
  );
}
