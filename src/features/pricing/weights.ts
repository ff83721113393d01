/** The weights a weighed product is sold in, and the price column of each (D5). */

export type WeightPriceField = 'price1g' | 'price2g' | 'price3_5g' | 'price7g' | 'priceHalfOz' | 'priceOz';

export interface WeightOption {
  /** The key used in cart line ids ('{productId}-{key}', D5). */
  key: string;
  label: string;
  grams: number;
  field: WeightPriceField;
}

/** D5: the weight variants each weighed category offers, smallest first. */
export const WEIGHT_OPTIONS: Readonly<Record<string, readonly WeightOption[]>> = {
  Flower: [
    { key: '3.5g', label: '3.5g', grams: 3.5, field: 'price3_5g' },
    { key: '7g', label: '7g', grams: 7, field: 'price7g' },
    { key: 'half-oz', label: '1/2 oz', grams: 14, field: 'priceHalfOz' },
    { key: 'oz', label: '1 oz', grams: 28, field: 'priceOz' },
  ],
  Concentrate: [
    { key: '1g', label: '1g', grams: 1, field: 'price1g' },
    { key: '2g', label: '2g', grams: 2, field: 'price2g' },
    { key: '3.5g', label: '3.5g', grams: 3.5, field: 'price3_5g' },
    { key: '7g', label: '7g', grams: 7, field: 'price7g' },
  ],
};

export type WeightPrices = Record<WeightPriceField, number | null>;

/** The options a product really offers: its category's weights with a price above zero (D5). */
export function availableWeights(category: string, prices: WeightPrices): WeightOption[] {
  return (WEIGHT_OPTIONS[category] ?? []).filter((w) => {
    const price = prices[w.field];
    return price != null && price > 0;
  });
}
