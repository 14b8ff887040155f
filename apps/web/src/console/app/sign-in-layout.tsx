import { OPERATOR } from '@tours/domain/operator';
import type { ReactNode } from 'react';
import { usePageHeading } from './use-page-title.ts';

/**
 * The frame of the sign-in pages: the operator's name, one card, its title
 * as the page's h1 (focused when the page opens, so a screen reader starts
 * there) and the document's title.
 */
export function SignInLayout({ title, children }: { title: string; children: ReactNode }) {
  const heading = usePageHeading(title);
  return (
    <div className="console-sign-in">
      <header className="console-sign-in__brand">
        <img src="/logo.svg" alt="" width="40" height="40" />
        <p>
          {OPERATOR.companyName} <span className="console-sign-in__product">staff console</span>
        </p>
      </header>
      <main className="console-sign-in__card" id="main">
        <h1 tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
