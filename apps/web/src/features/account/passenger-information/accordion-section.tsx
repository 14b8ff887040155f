import { useId, type ReactNode } from 'react';

interface AccordionSectionProps {
  title: string;
  /** A short state next to the title ('Complete'), in words so colour is never the only signal. */
  status: { text: string; done: boolean };
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * One section of an accordion (the WAI-ARIA disclosure pattern as the APG
 * accordion uses it): a heading holding a button that says whether its panel
 * is expanded and names the panel it controls; the panel is a region
 * labelled by that button. Closed panels stay mounted, hidden, so what was
 * typed in one survives opening another.
 */
export function AccordionSection({ title, status, expanded, onToggle, children }: AccordionSectionProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  return (
    <div className={`accordion__item${expanded ? ' accordion__item--open' : ''}`}>
      <h3 className="accordion__heading">
        <button type="button" id={buttonId} className="accordion__trigger" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
          <span className="accordion__title">{title}</span>
          <span className={`status-tag ${status.done ? 'status-tag--done' : 'status-tag--pending'}`}>{status.text}</span>
          <svg className="accordion__chevron" viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
        {children}
      </div>
    </div>
  );
}
