import { OPERATOR } from '@tours/domain/operator';
import { useEffect, useRef } from 'react';

/**
 * A console page's title, in the tab and for screen readers: the page's h1
 * takes the focus when the page opens (so a keyboard or screen reader user
 * starts at the new page, not at the link they left), and the document's
 * title names it.
 */
export function usePageHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${OPERATOR.companyName} staff console`;
    heading.current?.focus();
  }, [title]);
  return heading;
}
