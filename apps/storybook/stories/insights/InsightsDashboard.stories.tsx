import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { InsightsApp, InsightsDashboard } from '@apps/insights';
import '@apps/insights/src/insights.css';
import { emptyInsightsHandlers, filledInsightsHandlers, STORY_TOKEN } from '../../src/insights-engine';

const meta = {
  title: 'Insights/Dashboard',
  // The owner's dashboard is not a storefront widget: it has no dark scheme of its own yet, so it
  // is shown (and screenshot) in light only.
  parameters: { layout: 'fullscreen', visual: { lightOnly: true } },
  globals: { pkgTheme: 'light' },
  beforeEach({ msw }) {
    msw.use(...filledInsightsHandlers);
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const total = (canvasElement: HTMLElement, label: string) => canvasElement.querySelector(`[data-total="${label}"] dd`)?.textContent;

/** The dashboard on the fixture shoppers' actions (replayed through the engine at load). */
export const WithData: Story = {
  render: () => <InsightsDashboard token={STORY_TOKEN} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Totals' });
    await expect(total(canvasElement, 'Searches')).toBe('21');
    await expect(total(canvasElement, 'Searches with no result')).toBe('3');
    await expect(total(canvasElement, 'Suggestion requests')).toBe('8');
    const top = canvas.getByRole('table', { name: 'Top queries' });
    await expect(within(top).getAllByRole('row')[1]).toHaveTextContent(/^jacket6/);
    await expect(within(canvas.getByRole('table', { name: 'Queries with no result' })).getAllByRole('row')).toHaveLength(3);
    // Sorting by a header: queries A to Z.
    await userEvent.click(within(top).getByRole('button', { name: 'Query' }));
    await expect(within(top).getAllByRole('columnheader')[0]).toHaveAttribute('aria-sort', 'ascending');
    await expect(within(top).getAllByRole('row')[1]).toHaveTextContent(/^bag/);
  },
};

/** Nothing recorded yet: every section says so. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...emptyInsightsHandlers);
  },
  render: () => <InsightsDashboard token={STORY_TOKEN} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Totals' });
    await expect(total(canvasElement, 'Events')).toBe('0');
    await expect(canvas.getAllByText('No searches in this range.').length).toBeGreaterThan(0);
  },
};

/** The owner's sign-in: a wrong token is refused by the engine (401) and asked for again. */
export const SignIn: Story = {
  render: () => <InsightsApp storage={null} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Owner token'), 'wrong-token');
    await userEvent.click(canvas.getByRole('button', { name: 'Show insights' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('refused');
    await userEvent.type(canvas.getByLabelText('Owner token'), STORY_TOKEN);
    await userEvent.click(canvas.getByRole('button', { name: 'Show insights' }));
    await canvas.findByRole('heading', { name: 'Totals' });
  },
};
