import { useId } from 'react';

interface SegmentedControlProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** Optional visible text per option; the value is shown otherwise. */
  labels?: Partial<Record<T, string>>;
}

/** A radio group drawn as joined buttons: arrow keys move between options, as radios do. */
export function SegmentedControl<T extends string>({ legend, name, options, value, onChange, labels }: SegmentedControlProps<T>) {
  const id = useId();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <span className="segmented__option" key={option}>
            <input
              type="radio"
              id={`${id}-${option}`}
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
            />
            <label htmlFor={`${id}-${option}`}>{labels?.[option] ?? option}</label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
