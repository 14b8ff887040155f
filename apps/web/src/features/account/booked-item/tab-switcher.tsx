import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { WarningIcon } from '../../../components/ui/icons.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { TABS_AS_DROPDOWN_QUERY } from './booked-item-tabs.ts';

export interface TabItem {
  label: string;
  /** Shown as a warning icon, and said to screen readers after the label. */
  warning?: string | undefined;
}

interface TabSwitcherProps {
  tabs: readonly TabItem[];
  active: number;
  onChange: (index: number) => void;
  /** The open tab's content. */
  children: ReactNode;
}

/**
 * Tabs (the WAI-ARIA tabs pattern: arrow keys, Home and End move and open)
 * on wide screens; on phones a labelled dropdown, which fits any width and
 * uses the phone's own picker (spec section 2: a dropdown replaces the tabs).
 */
export function TabSwitcher({ tabs, active, onChange, children }: TabSwitcherProps) {
  const dropdown = useMediaQuery(TABS_AS_DROPDOWN_QUERY);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(Math.max(active, 0), tabs.length - 1);
  const spoken = (tab: TabItem) => (tab.warning ? `${tab.label} (${tab.warning})` : tab.label);

  if (dropdown) {
    return (
      <div className="tab-switcher tab-switcher--dropdown">
        <div className="field tab-switcher__select">
          <label className="field__label" htmlFor={`${id}-select`}>
            Show
          </label>
          <select id={`${id}-select`} className="input" value={current} onChange={(event) => onChange(Number(event.target.value))}>
            {tabs.map((tab, index) => (
              <option key={tab.label} value={index}>
                {spoken(tab)}
              </option>
            ))}
          </select>
        </div>
        {/* Each panel starts with its own heading; the dropdown above says which one is shown. */}
        <div className="tab-switcher__panel">{children}</div>
      </div>
    );
  }

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    onChange(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div className="tab-switcher">
      <div className="tab-switcher__tabs" role="tablist" aria-label="Booking sections">
        {tabs.map((tab, index) => {
          const selected = index === current;
          return (
            <button
              key={tab.label}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              className="tab-switcher__tab"
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(index)}
              onKeyDown={(event) => move(event, index)}
            >
              {tab.label}
              {tab.warning ? (
                <>
                  <WarningIcon className="tab-switcher__warning" />
                  {/* No leading space: name computation trims it; the comma keeps the words apart. */}
                  <span className="visually-hidden">, {tab.warning}</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className="tab-switcher__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
