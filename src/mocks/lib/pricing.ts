/**
 * `builder.agent-api.pricing.models` (rates per million tokens) and `.pricing.currency` (USD), as
 * SessionUsagePricingConfiguration reads them. Upstream's default is `{}`, which prices nothing;
 * the mock's deployment prices two of the seed's models so cost limits can be tried, and leaves
 * `qwen-turbo` unpriced so `pricing_unavailable` can be seen too.
 */
export type PricingConfig = {
  models: Record<string, { input_per_million: number; output_per_million: number }>
  currency: string
}

export const MOCK_PRICING: PricingConfig = {
  models: {
    'qwen-plus': { input_per_million: 0.8, output_per_million: 2 },
    'qwen-max': { input_per_million: 2.4, output_per_million: 9.6 },
  },
  currency: 'USD',
}
