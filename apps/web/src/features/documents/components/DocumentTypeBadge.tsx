import { Badge } from '@mantine/core';
import { DocumentType } from '@union/contract';
import { TYPE_COLORS } from './format';

export function DocumentTypeBadge({ type }: { type: DocumentType }) {
  return (
    // The light variant's text takes the theme's accessible shade of the colour (app/theme.ts).
    <Badge color={TYPE_COLORS[type]} variant="light" styles={{ label: { textTransform: 'none' } }}>
      {DocumentType.labels[type]}
    </Badge>
  );
}
