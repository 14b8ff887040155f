import { OPERATOR } from '@tours/domain/operator';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Notice } from '../components/ui/notice.tsx';
import { getRegionContact, useRegionContact } from '../lib/region.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const reload = () => window.location.reload();

/** A page failed to render or load (a chunk lost after a release, say): the header and footer stay. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { phone } = useRegionContact();
  useDocumentTitle('Something went wrong');
  useEffect(() => console.error('Route failed', error), [error]);
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

interface PageBoundaryState {
  /** The failure, and the page (path) it happened on. */
  failed: { error: unknown; pathname: string } | null;
}

class PageBoundary extends Component<{ pathname: string; children: ReactNode }, PageBoundaryState> {
  override state: PageBoundaryState = { failed: null };

  static getDerivedStateFromError(error: unknown): Partial<PageBoundaryState> {
    return { failed: { error, pathname: '' } };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: PageBoundaryState): Partial<PageBoundaryState> | null {
    if (!state.failed) return null;
    // Caught just now: remember on which page. Moved on to another page since: that page gets its chance.
    if (state.failed.pathname === '') return { failed: { ...state.failed, pathname: props.pathname } };
    return state.failed.pathname === props.pathname ? null : { failed: null };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage error={this.state.failed.error} /> : this.props.children;
  }
}

/**
 * Around the page inside the layout: a failing page shows its error there,
 * keeping the header's phone number in view; going to another page (a link,
 * Back) tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageBoundary pathname={pathname}>{children}</PageBoundary>;
}

/** The layout itself failed: nothing around the page can be trusted, so a bare page. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error('App shell failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <Fallback /> : this.props.children;
  }
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
