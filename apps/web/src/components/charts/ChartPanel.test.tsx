import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { createQueryClient } from '../../app/query-client';
import { contrastRatio } from '../../lib/contrast';
import { ChartPanel, type ChartPanelProps } from './ChartPanel';
import { SERIES_STYLES } from './chart-style';

const DATA = [
  { loge: 'La Concorde', idEntite: 2, courant: 123450, ancien: 5000 },
  { loge: 'Les Amis réunis', idEntite: 3, courant: 0, ancien: 78900 },
];

function renderPanel(props: Partial<ChartPanelProps> = {}) {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/tableau']}>
        <Routes>
          <Route
            path="/tableau"
            element={
              <ChartPanel
                title="Créances par loge"
                summary="La Concorde doit le plus."
                kind="stacked"
                data={DATA}
                categoryKey="loge"
                categoryLabel="Loge"
                series={[
                  { key: 'courant', label: '0 à 30 jours' },
                  { key: 'ancien', label: 'Plus de 90 jours' },
                ]}
                unit="money"
                rowHref={(row) => `/compte/${row.idEntite}`}
                {...props}
              />
            }
          />
          <Route path="/compte/:id" element={<p>Compte de la loge</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const spaced = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

// jsdom lays nothing out: the chart's box is given a size, so that Recharts draws its bars.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 600,
    height: 260,
    top: 0,
    left: 0,
    right: 600,
    bottom: 260,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
});
afterAll(() => vi.restoreAllMocks());

describe('ChartPanel', () => {
  it('names the chart, describes it, draws it and keeps its figures in a hidden table', () => {
    renderPanel();
    const section = screen.getByRole('region', { name: 'Créances par loge' });
    expect(within(section).getByRole('heading', { name: 'Créances par loge' })).toBeInTheDocument();
    const chart = within(section).getByRole('region', { name: 'Graphique : Créances par loge' });
    expect(chart).toHaveAccessibleDescription('La Concorde doit le plus.');
    // One patterned bar per lodge and series that has a figure (a zero draws nothing).
    const bars = [...chart.querySelectorAll('.recharts-bar-rectangle path')];
    expect(bars.length).toBe(3);
    expect(new Set(bars.map((bar) => bar.getAttribute('fill'))).size).toBe(2);
    expect(bars[0]!.getAttribute('fill')).toMatch(/^url\(#chart-.+-0\)$/);
    const legend = within(section).getByRole('list', { name: 'Légende' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0 à 30 jours', 'Plus de 90 jours']);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the same figures as a table when « Voir les chiffres » is pressed, and hides them again', async () => {
    renderPanel();
    const toggle = screen.getByRole('button', { name: 'Voir les chiffres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const tableBox = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(tableBox).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Masquer les chiffres');
    expect(tableBox).toBeVisible();
    const table = within(tableBox).getByRole('table', { name: 'Créances par loge' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => spaced(c.textContent)));
    expect(rows).toEqual([
      ['Loge', '0 à 30 jours', 'Plus de 90 jours'],
      ['La Concorde', '1 234,50 €', '50,00 €'],
      ['Les Amis réunis', '0,00 €', '789,00 €'],
    ]);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(tableBox).not.toBeVisible();
  });

  it('links each row to the list it counts', async () => {
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Voir les chiffres' }));
    await userEvent.click(screen.getByRole('link', { name: 'Les Amis réunis' }));
    expect(await screen.findByText('Compte de la loge')).toBeInTheDocument();
  });

  it('opens the list a bar counts when the bar is clicked', async () => {
    renderPanel();
    const chart = screen.getByRole('region', { name: 'Graphique : Créances par loge' });
    const bars = chart.querySelectorAll('.recharts-bar-rectangle path');
    fireEvent.click(bars[2]!);
    expect(await screen.findByText('Compte de la loge')).toBeInTheDocument();
  });

  it('draws bars and lines without an unknown prop reaching the DOM, the axes in the text colour', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    renderPanel({ kind: 'line', title: 'Soldes' });
    renderPanel({ kind: 'area', title: 'Encaissé' });
    const said = errors.mock.calls.map((c) => c.map(String).join(' ')).join('\n');
    errors.mockRestore();
    expect(said).not.toMatch(/textColor|does not recognize/);
    const roots = document.querySelectorAll<HTMLElement>(
      '.mantine-BarChart-root, .mantine-LineChart-root, .mantine-AreaChart-root',
    );
    expect(roots.length).toBe(3);
    for (const root of roots) {
      expect(root.style.getPropertyValue('--chart-text-color')).toBe('var(--mantine-color-gray-8)');
    }
  });

  it('says so instead of drawing an empty chart', () => {
    renderPanel({ data: [], empty: 'Aucune créance.' });
    expect(screen.getByText('Aucune créance.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir les chiffres' })).toBeNull();
  });

  it('draws every series in a colour that stands out from the white card (3:1 for graphics, 4.5 here)', () => {
    for (const style of SERIES_STYLES)
      expect(contrastRatio(style.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(new Set(SERIES_STYLES.map((s) => s.pattern)).size).toBe(SERIES_STYLES.length);
    expect(new Set(SERIES_STYLES.map((s) => s.dash)).size).toBe(SERIES_STYLES.length);
  });
});
