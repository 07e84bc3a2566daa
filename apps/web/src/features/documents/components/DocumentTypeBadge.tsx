import { Badge } from '@mantine/core';
import { DocumentType } from '@union/contract';
import { TYPE_COLORS } from './format';

export function DocumentTypeBadge({ type }: { type: DocumentType }) {
  return (
    // The darkest shade of the colour for the text: the light variant's own fails the contrast ratio.
    <Badge
      color={TYPE_COLORS[type]}
      c={`${TYPE_COLORS[type]}.9`}
      variant="light"
      styles={{ label: { textTransform: 'none' } }}
    >
      {DocumentType.labels[type]}
    </Badge>
  );
}
