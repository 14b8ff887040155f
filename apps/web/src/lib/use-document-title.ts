import { OPERATOR } from '@tours/domain/operator';
import { useEffect } from 'react';

/** Every route names itself, so tabs, history and screen readers say where the visitor is. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${OPERATOR.companyName}` : OPERATOR.companyName;
  }, [title]);
}
