import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'union',
  colors: {
    // The Union's blue, from light to dark.
    union: [
      '#e8f1fb',
      '#cfdff2',
      '#a0bde6',
      '#6d98d9',
      '#4479cd',
      '#2b66c6',
      '#1c4e80',
      '#174470',
      '#113a61',
      '#0a2f52',
    ],
  },
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
