import { NumberInput } from '@carbon/react';
import { ComboBox } from '../../../components/keep-selection-on-escape';
import { useMemo } from 'react';
import '../../../styles/carbon/number-input.scss';

interface CurrencyOption {
  code: string;
  text: string;
}

/** ISO 4217 codes the browser knows, with their English names: "EUR — Euro". */
function currencyOptions(): CurrencyOption[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const codes = supported ? supported('currency') : ['EUR', 'GBP', 'USD'];
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return codes.map((code) => ({ code, text: `${code} — ${names.of(code) ?? code}` }));
}

interface ReportedLossFieldsProps {
  amount: string;
  currency: string;
  onAmountChange: (amount: string) => void;
  onCurrencyChange: (currency: string) => void;
  amountError?: string;
  currencyError?: string;
  disabled?: boolean;
}

/** The reported loss: an amount and its currency, both or neither. */
export function ReportedLossFields(props: ReportedLossFieldsProps) {
  const options = useMemo(currencyOptions, []);
  const selected = options.find((option) => option.code === props.currency) ?? null;
  return (
    <div className="case-form__row">
      <NumberInput
        id="case-form-loss-amount"
        label="Reported loss (optional)"
        hideSteppers
        allowEmpty
        disableWheel
        value={props.amount}
        onChange={(_event, { value }) => props.onAmountChange(String(value ?? ''))}
        disabled={props.disabled}
        invalid={Boolean(props.amountError)}
        invalidText={props.amountError}
      />
      <ComboBox<CurrencyOption>
        id="case-form-loss-currency"
        titleText="Currency"
        placeholder="Search, e.g. USD or euro"
        items={options}
        itemToString={(option) => option?.text ?? ''}
        shouldFilterItem={({ item, inputValue }) =>
          !inputValue ||
          inputValue === selected?.text ||
          item.text.toLowerCase().includes(inputValue.toLowerCase())
        }
        selectedItem={selected}
        onChange={({ selectedItem }) => props.onCurrencyChange(selectedItem?.code ?? '')}
        disabled={props.disabled}
        invalid={Boolean(props.currencyError)}
        invalidText={props.currencyError}
      />
    </div>
  );
}
