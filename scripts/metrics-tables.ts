/**
 * The webhook metrics as docs/webhooks-operations.md shows them, rendered from their definitions
 * (src/webhooks/metrics.ts), the one home of each name, instrument, unit, attribute and meaning.
 * `scripts/docs-tables.ts` writes the table.
 */
import {
  METRIC_DEFINITIONS,
  type MetricAttribute,
  WEBHOOK_METRICS,
  type WebhookMetricKey,
} from '../src/webhooks/metrics.ts';

const code = (text: string) => `\`${text}\``;

function attributeCell(attribute: MetricAttribute): string {
  const values = attribute.values && ` (${attribute.values.map(code).join(', ')})`;
  return `${code(attribute.key)}${values ?? ''}`;
}

/** The Markdown table of the webhook metrics, in the order of `WEBHOOK_METRICS`. */
export function renderWebhookMetrics(): string {
  const rows = (Object.keys(WEBHOOK_METRICS) as WebhookMetricKey[]).map((key) => {
    const { from, kind, unit, attributes, description } = METRIC_DEFINITIONS[key];
    const cells = [
      code(WEBHOOK_METRICS[key]),
      from.join(', '),
      `${kind}, ${code(unit)}`,
      attributes.map(attributeCell).join(', '),
      description,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [
    '| metric | recorded by | instrument, unit | attributes | meaning |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
