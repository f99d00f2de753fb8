/** An amount in the reader's locale ("$80.00", "80,00 $"); an unknown currency code is shown as is. */
export function formatMoney(
  amount: number,
  currency: string,
  locale?: string | readonly string[],
): string {
  try {
    return new Intl.NumberFormat(locale as string | string[] | undefined, {
      style: 'currency',
      currency,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
