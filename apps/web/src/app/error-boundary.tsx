import { OPERATOR } from '@tours/domain';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Notice } from '../components/ui/notice.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { getRegionContact, useRegionContact } from '../lib/region.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const reload = () => window.location.reload();

/** A page failed to render or load (a chunk lost after a release, say): the header and footer stay. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { phone } = useRegionContact();
  useDocumentTitle('Something went wrong');
  useEffect(() => console.error('Route failed', error), [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="page page--narrow">
      <Notice tone="danger" title="Sorry, something went wrong" titleAs="h1">
        <p>Please refresh the page or contact us on {phone}.</p>
        <div className="button-row">
          <Button onClick={reload}>Refresh the page</Button>
          <ButtonLink to="/" variant="secondary">
            Home Page
          </ButtonLink>
        </div>
      </Notice>
    </div>
  );
}

function Fallback() {
  const { phone } = getRegionContact();
  return (
    <main className="site-main fatal-error">
      <div className="page page--narrow">
        <Notice tone="danger" title="Sorry, something went wrong" titleAs="h1">
          <p>
            {OPERATOR.companyName} could not load this page. Please refresh the page or contact us on {phone}.
          </p>
          <Button onClick={reload}>Refresh the page</Button>
        </Notice>
      </div>
    </main>
  );
}

/** The layout itself failed: nothing around the page can be trusted, so a bare page. */
export function RootErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error('App shell failed', error), [error]);
  return <Fallback />;
}

/** Last line of defence around the providers and the router. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('App failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}
