import { CURRENCIES, type CurrencyCode } from '@tours/domain/money';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';

const LABELS: Record<CurrencyCode, string> = { GBP: '£ GBP', USD: '$ USD', AUD: '$ AUD' };

export function CurrencySwitch({ value, onChange }: { value: CurrencyCode; onChange: (currency: CurrencyCode) => void }) {
  return <SegmentedControl legend="Show prices in" name="currency" options={CURRENCIES} value={value} onChange={onChange} labels={LABELS} />;
}
